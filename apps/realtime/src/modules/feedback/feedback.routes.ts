import type { FastifyInstance } from 'fastify';
import { ZFeedbackGiven, ZFeedbackRequest, ZGamePlayerParams, ZOk, ZSurveyRequest, ZSurveyResponse, type TSurveyResponse } from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { moduleRoutes } from '../../plugins/route-schemas.js';
import { seatOf } from '../../plugins/auth-door.js';
import { feedbackGiven, readSurvey, submitFeedback, submitSurvey } from './feedback.service.js';

/** Player feedback (testing games) and the after-game survey. */
export async function feedbackRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { api, schema, gameSchema } = moduleRoutes(app, ['after game']);
  const config = { access: 'game-seat' } as const;

  const feedbackSchema = gameSchema('Testing-mode feedback', { body: ZFeedbackRequest, response: { 201: ZOk } });
  api.post('/api/games/:id/feedback', { config, schema: feedbackSchema }, async (req, reply) => {
    await submitFeedback(ctx, seatOf(req), req.body);
    return reply.status(201).send({ success: true });
  });

  // Whether the caller's own seat has given feedback (the results screen then says so instead of offering it).
  const givenSchema = schema("Whether the caller's own seat has given feedback", { params: ZGamePlayerParams, response: { 200: ZFeedbackGiven } });
  api.get('/api/games/:id/feedback/:gamePlayerId', { config, schema: givenSchema }, async (req) => {
    return { given: await feedbackGiven(ctx, seatOf(req), req.params.gamePlayerId) };
  });

  const surveySchema = gameSchema('After-game survey', { body: ZSurveyRequest, response: { 201: ZSurveyResponse } });
  api.post('/api/games/:id/survey', { config, schema: surveySchema }, async (req, reply) => {
    const survey = await submitSurvey(ctx, seatOf(req), req.body);
    const body: TSurveyResponse = { survey };
    return reply.status(201).send(body);
  });

  const readSchema = schema("A player's survey", { params: ZGamePlayerParams, response: { 200: ZSurveyResponse } });
  api.get('/api/games/:id/survey/:gamePlayerId', { config, schema: readSchema }, async (req) => {
    const body: TSurveyResponse = { survey: await readSurvey(ctx, seatOf(req), req.params.gamePlayerId) };
    return body;
  });
}
