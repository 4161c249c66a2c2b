import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZGameParams } from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { principalOf } from '../../plugins/auth-door.js';
import { parseInput } from '../../lib/validate.js';
import { dailyVotesForDay, finalResults, gameResults, ownDailyVote, votingBreakdown, votingResults } from './voting.service.js';

// A day in a path: which days exist depends on the game's storyline, so the service checks the number.
const ZDay = z.string().max(10);

/** The voting reads and the daily tracker; the voting commands come from the command table (games/command-routes.ts). */
export async function votingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const gameId = (params: unknown) => parseInput(ZGameParams, params).id;

  app.get('/api/games/:id/voting-results', { config: { access: 'token' } }, async (req) => votingResults(ctx, principalOf(req), gameId(req.params)));

  app.get('/api/games/:id/final-results', { config: { access: 'token' } }, async (req) => finalResults(ctx, principalOf(req), gameId(req.params)));
  app.get('/api/games/:id/voting-breakdown', { config: { access: 'token' } }, async (req) => votingBreakdown(ctx, principalOf(req), gameId(req.params)));
  app.get('/api/games/:id/results', { config: { access: 'token' } }, async (req) => gameResults(ctx, principalOf(req), gameId(req.params)));

  app.get('/api/games/:id/player/:gamePlayerId/daily-vote/:day', { config: { access: 'token' } }, async (req) => {
    const p = parseInput(ZGameParams.extend({ gamePlayerId: z.uuid({ error: 'Player not found in game' }), day: ZDay }), req.params);
    return ownDailyVote(ctx, principalOf(req), p.id, p.gamePlayerId, p.day);
  });

  app.get('/api/games/:id/daily-votes/:day', { config: { access: 'token' } }, async (req) => {
    const p = parseInput(ZGameParams.extend({ day: ZDay }), req.params);
    return dailyVotesForDay(ctx, principalOf(req), p.id, p.day);
  });
}
