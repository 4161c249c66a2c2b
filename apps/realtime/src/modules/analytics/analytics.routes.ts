import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { dailyVotingAnalytics, feedbackAnalytics, suspectVotingAnalytics } from './analytics.service.js';

/** Admin-only reads over all games: 401 without a token, 403 for anyone but an admin. */
export async function analyticsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const admin = { access: 'admin', seatTokenForbidden: true, refusal: 'Only administrators can see analytics' } as const;
  app.get('/api/admin/suspect-voting-by-game-size', { config: admin }, async () => {
    return suspectVotingAnalytics(ctx);
  });
  app.get('/api/admin/daily-voting-by-game-size', { config: admin }, async () => {
    return dailyVotingAnalytics(ctx);
  });
  app.get('/api/admin/feedback-analytics', { config: admin }, async (_req, reply) => {
    // The screen treats this as fresh for 30 seconds; let the browser do the same.
    reply.header('cache-control', 'private, max-age=30');
    return feedbackAnalytics(ctx);
  });
}
