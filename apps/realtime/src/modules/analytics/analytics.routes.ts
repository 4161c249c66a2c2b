import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZDailyVotingAnalytics, ZFeedbackAnalytics, ZSuspectVotingAnalytics } from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { dailyVotingAnalytics, feedbackAnalytics, suspectVotingAnalytics } from './analytics.service.js';

/** Admin-only reads over all games: 401 without a token, 403 for anyone but an admin. */
export async function analyticsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const admin = { access: 'admin', seatTokenForbidden: true, refusal: 'Only administrators can see analytics' } as const;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const suspect = { summary: 'Suspect-vote analytics', tags, response: { 200: ZSuspectVotingAnalytics } };
  api.get('/api/admin/suspect-voting-by-game-size', { config: admin, schema: suspect }, async () => {
    return suspectVotingAnalytics(ctx);
  });
  const daily = { summary: 'Daily-vote analytics', tags, response: { 200: ZDailyVotingAnalytics } };
  api.get('/api/admin/daily-voting-by-game-size', { config: admin, schema: daily }, async () => {
    return dailyVotingAnalytics(ctx);
  });
  const feedback = { summary: 'Feedback analytics', tags, response: { 200: ZFeedbackAnalytics } };
  api.get('/api/admin/feedback-analytics', { config: admin, schema: feedback }, async (_req, reply) => {
    // The screen treats this as fresh for 30 seconds; let the browser do the same.
    reply.header('cache-control', 'private, max-age=30');
    return feedbackAnalytics(ctx);
  });
}
