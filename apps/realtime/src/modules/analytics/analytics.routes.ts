import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireAdminCaller } from '../games/access.js';
import { dailyVotingAnalytics, feedbackAnalytics, suspectVotingAnalytics } from './analytics.service.js';

/** Admin-only reads over all games: 401 without a token, 403 for anyone but an admin. */
export async function analyticsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const requireAdmin = (req: FastifyRequest) => requireAdminCaller(ctx, req, 'Only administrators can see analytics');
  app.get('/api/admin/suspect-voting-by-game-size', async (req) => {
    await requireAdmin(req);
    return suspectVotingAnalytics(ctx);
  });
  app.get('/api/admin/daily-voting-by-game-size', async (req) => {
    await requireAdmin(req);
    return dailyVotingAnalytics(ctx);
  });
  app.get('/api/admin/feedback-analytics', async (req, reply) => {
    await requireAdmin(req);
    // The screen treats this as fresh for 30 seconds; let the browser do the same.
    reply.header('cache-control', 'private, max-age=30');
    return feedbackAnalytics(ctx);
  });
}
