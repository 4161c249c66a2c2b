import type { FastifyInstance } from 'fastify';
import { ZGameParams } from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { parseInput } from '../../lib/validate.js';
import { requirePrincipal } from '../auth/principal.js';
import { replayOf } from './table.service.js';


/** The case-file replay, read from the log (the table's commands come from the command table). */
export async function tableRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const gameId = (params: unknown) => parseInput(ZGameParams, params).id;

  app.get('/api/games/:id/replay', async (req) => replayOf(ctx, await requirePrincipal(ctx.tokens, req), gameId(req.params)));
}
