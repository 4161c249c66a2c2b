import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZGameParams, ZFeedbackRequest, ZSurveyRequest, type TSurveyResponse } from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { principalOf } from '../../plugins/auth-door.js';
import { parseInput } from '../../lib/validate.js';
import { feedbackGiven, readSurvey, submitFeedback, submitSurvey } from './feedback.service.js';

const ZSurveyParams = ZGameParams.extend({ gamePlayerId: z.uuid({ error: 'Player not found in game' }) });

/** Player feedback (testing games) and the after-game survey. */
export async function feedbackRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/api/games/:id/feedback', { config: { access: 'token' } }, async (req, reply) => {
    const principal = principalOf(req);
    const { id } = parseInput(ZGameParams, req.params);
    await submitFeedback(ctx, principal, id, parseInput(ZFeedbackRequest, req.body ?? {}));
    return reply.status(201).send({ success: true });
  });

  // Whether the caller's own seat has given feedback (the results screen then says so instead of offering it).
  app.get('/api/games/:id/feedback/:gamePlayerId', { config: { access: 'token' } }, async (req) => {
    const principal = principalOf(req);
    const { id, gamePlayerId } = parseInput(ZSurveyParams, req.params);
    return { given: await feedbackGiven(ctx, principal, id, gamePlayerId) };
  });

  app.post('/api/games/:id/survey', { config: { access: 'token' } }, async (req, reply) => {
    const principal = principalOf(req);
    const { id } = parseInput(ZGameParams, req.params);
    const survey = await submitSurvey(ctx, principal, id, parseInput(ZSurveyRequest, req.body ?? {}));
    const body: TSurveyResponse = { survey };
    return reply.status(201).send(body);
  });

  app.get('/api/games/:id/survey/:gamePlayerId', { config: { access: 'token' } }, async (req) => {
    const principal = principalOf(req);
    const { id, gamePlayerId } = parseInput(ZSurveyParams, req.params);
    const body: TSurveyResponse = { survey: await readSurvey(ctx, principal, id, gamePlayerId) };
    return body;
  });
}
