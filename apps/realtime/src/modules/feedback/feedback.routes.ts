import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZGameParams, ZFeedbackRequest, ZSurveyRequest, type TSurveyResponse } from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { seatOf } from '../../plugins/auth-door.js';
import { parseInput } from '../../lib/validate.js';
import { feedbackGiven, readSurvey, submitFeedback, submitSurvey } from './feedback.service.js';

const ZSurveyParams = ZGameParams.extend({ gamePlayerId: z.uuid({ error: 'Player not found in game' }) });

/** Player feedback (testing games) and the after-game survey. */
export async function feedbackRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/api/games/:id/feedback', { config: { access: 'game-seat' } }, async (req, reply) => {
    await submitFeedback(ctx, seatOf(req), parseInput(ZFeedbackRequest, req.body ?? {}));
    return reply.status(201).send({ success: true });
  });

  // Whether the caller's own seat has given feedback (the results screen then says so instead of offering it).
  app.get('/api/games/:id/feedback/:gamePlayerId', { config: { access: 'game-seat' } }, async (req) => {
    const { gamePlayerId } = parseInput(ZSurveyParams, req.params);
    return { given: await feedbackGiven(ctx, seatOf(req), gamePlayerId) };
  });

  app.post('/api/games/:id/survey', { config: { access: 'game-seat' } }, async (req, reply) => {
    const survey = await submitSurvey(ctx, seatOf(req), parseInput(ZSurveyRequest, req.body ?? {}));
    const body: TSurveyResponse = { survey };
    return reply.status(201).send(body);
  });

  app.get('/api/games/:id/survey/:gamePlayerId', { config: { access: 'game-seat' } }, async (req) => {
    const { gamePlayerId } = parseInput(ZSurveyParams, req.params);
    const body: TSurveyResponse = { survey: await readSurvey(ctx, seatOf(req), gamePlayerId) };
    return body;
  });
}
