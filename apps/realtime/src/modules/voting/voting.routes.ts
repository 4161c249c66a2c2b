import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZDailyVoteRequest, ZFinalVoteRequest, ZRemoveVoteRequest, ZSuspectVotesRequest, ZGameParams } from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { parseInput } from '../../lib/validate.js';
import { requirePrincipal } from '../auth/principal.js';
import { gameCommand } from '../games/games.service.js';
import { dailyVotesForDay, finalResults, gameResults, ownDailyVote, submitDailyVote, votingBreakdown, votingResults } from './voting.service.js';

// A day in a path: which days exist depends on the game's storyline, so the service checks the number.
const ZDay = z.string().max(10);

/**
 * The voting calls: remove a vote, suspect ballots, final votes, their results, and the testing-mode daily tracker.
 * Each command has a socket twin in voting.socket.ts.
 */
export async function votingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const gameId = (params: unknown) => parseInput(ZGameParams, params).id;

  app.post('/api/games/:id/remove-vote', async (req) => {
    const id = gameId(req.params);
    const principal = await requirePrincipal(ctx.tokens, req);
    const input = parseInput(ZRemoveVoteRequest, req.body);
    return gameCommand(ctx, principal, id, { type: 'remove_vote', playerId: input.playerId }, input.commandId);
  });

  app.post('/api/games/:id/suspect-votes', async (req) => {
    const id = gameId(req.params);
    const principal = await requirePrincipal(ctx.tokens, req);
    const input = parseInput(ZSuspectVotesRequest, req.body);
    return gameCommand(ctx, principal, id, { type: 'cast_suspect_ballot', suspects: input.suspects }, input.commandId);
  });

  app.get('/api/games/:id/voting-results', async (req) => votingResults(ctx, await requirePrincipal(ctx.tokens, req), gameId(req.params)));

  app.post('/api/games/:id/votes', async (req, reply) => {
    const id = gameId(req.params);
    const principal = await requirePrincipal(ctx.tokens, req);
    const input = parseInput(ZFinalVoteRequest, req.body);
    await gameCommand(ctx, principal, id, { type: 'cast_final_vote', suspectId: input.suspectId }, input.commandId);
    return reply.status(201).send({ success: true });
  });

  app.get('/api/games/:id/final-results', async (req) => finalResults(ctx, await requirePrincipal(ctx.tokens, req), gameId(req.params)));
  app.get('/api/games/:id/voting-breakdown', async (req) => votingBreakdown(ctx, await requirePrincipal(ctx.tokens, req), gameId(req.params)));
  app.get('/api/games/:id/results', async (req) => gameResults(ctx, await requirePrincipal(ctx.tokens, req), gameId(req.params)));

  app.post('/api/games/:id/daily-vote', async (req, reply) => {
    const id = gameId(req.params);
    const principal = await requirePrincipal(ctx.tokens, req);
    const input = parseInput(ZDailyVoteRequest, req.body);
    return reply.status(201).send(await submitDailyVote(ctx, principal, id, input));
  });

  app.get('/api/games/:id/player/:gamePlayerId/daily-vote/:day', async (req) => {
    const p = parseInput(ZGameParams.extend({ gamePlayerId: z.uuid({ error: 'Player not found in game' }), day: ZDay }), req.params);
    return ownDailyVote(ctx, await requirePrincipal(ctx.tokens, req), p.id, p.gamePlayerId, p.day);
  });

  app.get('/api/games/:id/daily-votes/:day', async (req) => {
    const p = parseInput(ZGameParams.extend({ day: ZDay }), req.params);
    return dailyVotesForDay(ctx, await requirePrincipal(ctx.tokens, req), p.id, p.day);
  });
}
