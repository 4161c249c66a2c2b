import type { FastifyInstance } from 'fastify';
import {
  ZDailyVote,
  ZDailyVoteList,
  ZFinalResults,
  ZGameDayParams,
  ZGamePlayerDayParams,
  ZGameResults,
  ZVotingBreakdown,
  ZVotingResults,
} from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { moduleRoutes } from '../../plugins/route-schemas.js';
import { gameOf } from '../../plugins/auth-door.js';
import { dailyVotesForDay, finalResults, gameResults, ownDailyVote, votingBreakdown, votingResults } from './voting.service.js';

/** The voting reads and the daily tracker; the voting commands come from the command table (games/command-routes.ts). */
export async function votingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { api, schema, gameSchema } = moduleRoutes(app, ['voting']);
  const config = { access: 'game-member' } as const;
  const read = <R>(summary: string, response: R) => gameSchema(summary, { response: { 200: response } });

  api.get('/api/games/:id/voting-results', { config, schema: read('Suspect vote progress, then the top 3. ETag/If-None-Match', ZVotingResults) }, async (req) =>
    votingResults(ctx, gameOf(req)),
  );
  api.get('/api/games/:id/final-results', { config, schema: read('Final vote progress, then the verdict. ETag/If-None-Match', ZFinalResults) }, async (req) =>
    finalResults(ctx, gameOf(req)),
  );
  api.get('/api/games/:id/voting-breakdown', { config, schema: read('Who voted for whom (after the reveal)', ZVotingBreakdown) }, async (req) =>
    votingBreakdown(ctx, gameOf(req)),
  );
  api.get('/api/games/:id/results', { config, schema: read('Results of a completed game', ZGameResults) }, async (req) => gameResults(ctx, gameOf(req)));

  // Which days exist depends on the game's storyline, so the service checks the day number.
  const ownSchema = schema("A player's own daily vote", { params: ZGamePlayerDayParams, response: { 200: ZDailyVote } });
  api.get('/api/games/:id/player/:gamePlayerId/daily-vote/:day', { config, schema: ownSchema }, async (req) => {
    const p = req.params;
    return ownDailyVote(ctx, gameOf(req), p.gamePlayerId, p.day);
  });

  const daySchema = schema('All daily votes of a day (host)', { params: ZGameDayParams, response: { 200: ZDailyVoteList } });
  api.get('/api/games/:id/daily-votes/:day', { config, schema: daySchema }, async (req) => dailyVotesForDay(ctx, gameOf(req), req.params.day));
}
