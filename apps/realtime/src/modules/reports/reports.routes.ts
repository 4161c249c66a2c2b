import type { FastifyInstance } from 'fastify';
import { ZGameParams, ZReportRequest, type TReportRequestResponse } from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { conflict, forbidden } from '../../lib/app-error.js';
import { parseInput } from '../../lib/validate.js';
import { requirePrincipal } from '../auth/principal.js';
import { actorIn } from '../games/games.service.js';
import { enqueueReport } from './report-queue.js';
import { createReportWorker } from './report-worker.js';


/** POST /api/games/{id}/request-report, and the queue worker that sends the reports (started with the app). */
export async function reportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const worker = createReportWorker(ctx);
  app.addHook('onReady', async () => worker.start());
  // Plugins close in reverse order, so this runs before the database is closed.
  app.addHook('onClose', async () => worker.stop());

  app.post('/api/games/:id/request-report', async (req, reply) => {
    const principal = await requirePrincipal(ctx.tokens, req);
    const { id } = parseInput(ZGameParams, req.params);
    const { email } = parseInput(ZReportRequest, req.body ?? {});
    const { room, actor } = await actorIn(ctx, principal, id);
    if (!actor.player) throw forbidden('Only players of this game can request its report');
    if (room.game.status !== 'completed') throw conflict('The game report is available once the game is complete');
    await ctx.doors.hit('reportPerPlayer', actor.player.id);
    await ctx.doors.hit('reportPerGame', id);
    const res = await enqueueReport(ctx.db, { gameId: id, gamePlayerId: actor.player.id, email, delayMs: ctx.config.REPORT_DELAY_MS });
    if (res.queued) worker.kick();
    const body: TReportRequestResponse = res.queued ? { queued: true } : { queued: false, reason: 'recently_requested' };
    return reply.status(202).send(body);
  });
}
