import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZGameParams, ZPushHintRequest, ZSocketPushHint } from '@ss/protocol';
import type { AppContext } from '../../context.js';
import type { IO } from '../../plugins/socket.js';
import { parseInput } from '../../lib/validate.js';
import { requirePrincipal } from '../auth/principal.js';
import { handle, type GameSocket } from '../games/games.socket.js';
import { answerSheetOf, hostGuidePdf, hostKitOf, pushHint } from './host-kit.service.js';

const ZStorylineParams = z.object({ id: z.string().regex(/^[a-z0-9-]+$/).max(100) });

/** The host's kit: phase notes (host only), hint cards pushed to every phone, the answer sheet, the printable guide. */
export async function hostKitRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const gameId = (params: unknown) => parseInput(ZGameParams, params).id;

  app.post('/api/games/:id/hints', async (req) => {
    const id = gameId(req.params);
    const input = parseInput(ZPushHintRequest, req.body);
    return pushHint(ctx, await requirePrincipal(ctx.tokens, req), id, input.hintId, input.commandId);
  });

  app.get('/api/games/:id/host-kit', async (req) => hostKitOf(ctx, await requirePrincipal(ctx.tokens, req), gameId(req.params)));

  app.get('/api/games/:id/answer-sheet', async (req) => answerSheetOf(ctx, await requirePrincipal(ctx.tokens, req), gameId(req.params)));

  app.get('/api/storylines/:id/host-guide.pdf', async (req, reply) => {
    const { id } = parseInput(ZStorylineParams, req.params);
    const { pdf, filename } = await hostGuidePdf(ctx, await requirePrincipal(ctx.tokens, req), id);
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'private, no-store').send(pdf);
  });
}

/** The socket twin of the hint command. */
export function registerHostKitSockets(ctx: AppContext, io: IO): void {
  io.on('connection', (socket: GameSocket) => {
    const principal = socket.data.principal;
    socket.on('table:hint', handle(ctx, ZSocketPushHint, (i) => pushHint(ctx, principal, i.gameId, i.hintId, i.commandId).then(() => null)));
  });
}
