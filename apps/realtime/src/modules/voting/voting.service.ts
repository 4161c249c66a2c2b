import {
  characterSummary,
  dailyVotesView,
  votingResultsView,
  voteProgress,
  type TDailyVote,
  type TFinalResults,
  type TGameResults,
  type TVotingBreakdown,
  type TVotingResults,
} from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { forbidden, notFound } from '../../lib/app-error.js';
import { killerRevealed, requireKillerRevealed } from '../table-live/reveal-gate.js';
import type { InGame } from '../../plugins/auth-door.js';
import { engineActorOf } from '../game-runtime/access.js';
import { refusalError } from '../game-runtime/command.js';
import { storylineFor } from '../games/games.service.js';
import { resultsData } from '../game-runtime/projector.js';

/** The suspect vote's results as this caller may see them (the engine's view decides: the detective sees all counts). */
export async function votingResults(ctx: AppContext, { room, actor }: InGame): Promise<TVotingResults> {
  return votingResultsView(room, await ctx.catalog.get(room.game.storylineId, room.game.storylineVersion), engineActorOf(actor));
}

export async function finalResults(ctx: AppContext, { room }: InGame): Promise<TFinalResults> {
  const storyline = await storylineFor(ctx, room);
  // The accused's innocence names the killer: it waits for the reveal's killer step like the results do.
  const results = room.results && killerRevealed(room) ? room.results : null;
  const eligibleVoters = room.results ? room.finalVoting.voterIds.length : voteProgress(room, room.finalVoting.voterIds).eligibleCount;
  const accused = results?.accusedPlayerId ? room.players.find((p) => p.id === results.accusedPlayerId) : undefined;
  const c = accused?.characterId ? storyline.characters.get(accused.characterId) : undefined;
  return {
    allVotesSubmitted: !!room.results,
    totalVotes: room.finalVoting.voterIds.length,
    eligibleVoters,
    winner:
      results && accused
        ? {
            playerId: accused.id,
            isKiller: results.killerCorrect,
            character: c ? characterSummary(c) : null,
            playerName: accused.displayName,
            voteCount: room.finalVoting.tally[accused.id] ?? 0,
          }
        : null,
  };
}

export async function votingBreakdown(ctx: AppContext, { room }: InGame): Promise<TVotingBreakdown> {
  if (room.game.status !== 'completed') throw forbidden('The voting breakdown is available once the results are revealed');
  const storyline = await storylineFor(ctx, room);
  // Every ballot and final vote is in the game's state, in the order they were counted.
  const ballots = room.suspectVoting.voterIds.map((v) => ({ voter: v, suspects: room.suspectVoting.ballots[v] ?? [] }));
  const finals = room.finalVoting.voterIds.flatMap((v) => {
    const accused = room.finalVoting.votes[v];
    return accused ? [{ voter: v, accused }] : [];
  });
  const byId = new Map(room.players.map((p) => [p.id, p]));
  const name = (id: string) => byId.get(id)?.displayName ?? 'Unknown player';
  const charName = (id: string) => {
    const cid = byId.get(id)?.characterId;
    return cid ? (storyline.characters.get(cid)?.name ?? null) : null;
  };
  const row = (voter: string, target: string) => ({ voterPlayer: name(voter), voterCharacter: charName(voter), targetPlayer: name(target), targetCharacter: charName(target) });
  return {
    suspectVotes: ballots.flatMap((b) => b.suspects.map((s) => row(b.voter, s))),
    finalVotes: finals.map((f) => row(f.voter, f.accused)),
    totalPlayers: room.players.length,
    // Counted in ballots (voters), as the outcome screen counts "votes submitted".
    suspectVoteCount: ballots.length,
    finalVoteCount: finals.length,
  };
}

export async function gameResults(ctx: AppContext, { room }: InGame): Promise<TGameResults> {
  requireKillerRevealed(room);
  if (!room.results) throw notFound('Results Not Available');
  // The same document the projector keeps in game_results for reports, built from the game's own state.
  return resultsData(room, await ctx.catalog.get(room.game.storylineId, room.game.storylineVersion));
}

// ---------- Daily suspicion tracker (testing mode only) ----------
// The engine's cast_daily_vote command records a vote (a command table entry); the reads are the engine's view
// of the live room, which decides who may see whose vote.

async function dailyVotes(ctx: AppContext, { room, actor }: InGame, query: { rawDay: string; voterId?: string }): Promise<TDailyVote[]> {
  const storyline = await ctx.catalog.get(room.game.storylineId, room.game.storylineVersion);
  const seen = dailyVotesView(room, storyline, engineActorOf(actor), query);
  if (!seen.ok) throw refusalError(seen);
  return seen.votes;
}

export async function ownDailyVote(ctx: AppContext, game: InGame, gamePlayerId: string, rawDay: string): Promise<TDailyVote> {
  const [vote] = await dailyVotes(ctx, game, { rawDay, voterId: gamePlayerId });
  if (!vote) throw notFound('No daily vote for this day yet');
  return vote;
}

export const dailyVotesForDay = (ctx: AppContext, game: InGame, rawDay: string): Promise<TDailyVote[]> => dailyVotes(ctx, game, { rawDay });
