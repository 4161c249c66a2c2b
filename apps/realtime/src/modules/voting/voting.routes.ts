import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZGameParams } from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { gameOf } from '../../plugins/auth-door.js';
import { parseInput } from '../../lib/validate.js';
import { dailyVotesForDay, finalResults, gameResults, ownDailyVote, votingBreakdown, votingResults } from './voting.service.js';

// A day in a path: which days exist depends on the game's storyline, so the service checks the number.
const ZDay = z.string().max(10);

/** The voting reads and the daily tracker; the voting commands come from the command table (games/command-routes.ts). */
export async function votingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/games/:id/voting-results', { config: { access: 'game-member' } }, async (req) => votingResults(ctx, gameOf(req)));

  app.get('/api/games/:id/final-results', { config: { access: 'game-member' } }, async (req) => finalResults(ctx, gameOf(req)));
  app.get('/api/games/:id/voting-breakdown', { config: { access: 'game-member' } }, async (req) => votingBreakdown(ctx, gameOf(req)));
  app.get('/api/games/:id/results', { config: { access: 'game-member' } }, async (req) => gameResults(ctx, gameOf(req)));

  app.get('/api/games/:id/player/:gamePlayerId/daily-vote/:day', { config: { access: 'game-member' } }, async (req) => {
    const p = parseInput(ZGameParams.extend({ gamePlayerId: z.uuid({ error: 'Player not found in game' }), day: ZDay }), req.params);
    return ownDailyVote(ctx, gameOf(req), p.gamePlayerId, p.day);
  });

  app.get('/api/games/:id/daily-votes/:day', { config: { access: 'game-member' } }, async (req) => {
    const p = parseInput(ZGameParams.extend({ day: ZDay }), req.params);
    return dailyVotesForDay(ctx, gameOf(req), p.day);
  });
}
