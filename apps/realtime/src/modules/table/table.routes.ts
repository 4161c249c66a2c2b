import type { FastifyInstance } from 'fastify';
import { ZGameParams, ZDealCastRequest, ZEndDefenceRequest, ZSetCoHostRequest, ZStartDefenceRequest } from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { parseInput } from '../../lib/validate.js';
import { requirePrincipal } from '../auth/principal.js';
import { dealCast, replayOf, setCoHost, startDefence, stopDefence } from './table.service.js';


/** Table commands (co-host, defences, random deal) answer the new public view; the replay reads the log. */
export async function tableRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const gameId = (params: unknown) => parseInput(ZGameParams, params).id;

  app.post('/api/games/:id/co-host', async (req) => {
    const id = gameId(req.params);
    const input = parseInput(ZSetCoHostRequest, req.body);
    return setCoHost(ctx, await requirePrincipal(ctx.tokens, req), id, input.playerId, input.commandId);
  });

  app.post('/api/games/:id/defences', async (req) => {
    const id = gameId(req.params);
    const input = parseInput(ZStartDefenceRequest, req.body);
    return startDefence(ctx, await requirePrincipal(ctx.tokens, req), id, input.suspectPlayerId, input.commandId);
  });

  app.post('/api/games/:id/defences/end', async (req) => {
    const id = gameId(req.params);
    const input = parseInput(ZEndDefenceRequest, req.body ?? {});
    return stopDefence(ctx, await requirePrincipal(ctx.tokens, req), id, input.commandId);
  });

  app.post('/api/games/:id/deal', async (req) => {
    const id = gameId(req.params);
    const input = parseInput(ZDealCastRequest, req.body ?? {});
    return dealCast(ctx, await requirePrincipal(ctx.tokens, req), id, input.commandId);
  });

  app.get('/api/games/:id/replay', async (req) => replayOf(ctx, await requirePrincipal(ctx.tokens, req), gameId(req.params)));
}
