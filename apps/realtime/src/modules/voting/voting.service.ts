import {
  ZGameResults,
  characterSummary,
  dayRangeMessage,
  isDayUnlocked,
  parseDay,
  phasesOf,
  isDetectiveProfession,
  rankSuspects,
  suspectProgress,
  voteProgress,
  type TDailyVote,
  type TFinalResults,
  type TGameResults,
  type TLivePlayer,
  type TLiveRoom,
  type TVotingBreakdown,
  type TVotingResults,
} from '@ss/protocol';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error.js';
import { killerRevealed, requireKillerRevealed } from '../table-live/reveal-gate.js';
import type { Principal } from '../auth/principal.js';
import { actorIn, storylineFor } from '../games/games.service.js';
import type { StorylineVersion } from '../storylines/storyline-catalog.js';

const ZIds = z.array(z.string());

function isDetective(sv: StorylineVersion, p: TLivePlayer | null): boolean {
  const c = p?.characterId ? sv.characters.get(p.characterId) : undefined;
  return !!c && isDetectiveProfession(c.profession);
}

export async function votingResults(ctx: AppContext, principal: Principal, gameId: string): Promise<TVotingResults> {
  const { room, actor } = await actorIn(ctx, principal, gameId);
  const sv = await storylineFor(ctx, room);
  const progress = suspectProgress(room);
  const top = room.suspectVoting.topSuspects;
  const base = { allVotesSubmitted: !!top, totalVotes: room.suspectVoting.voterIds.length, eligibleVoters: progress.eligibleCount };
  // Nothing of the count leaks before the reveal, so early ballots cannot sway later ones.
  if (!top) return { ...base, suspectVotes: [], topSuspects: [] };
  const byId = new Map(room.players.map((p) => [p.id, p]));
  const describe = (playerId: string, voteCount: number, rank: number) => {
    const p = byId.get(playerId);
    const c = p?.characterId ? sv.characters.get(p.characterId) : undefined;
    return { playerId, playerName: p?.displayName ?? 'Unknown player', character: c ? characterSummary(c) : null, voteCount, rank };
  };
  const ranked = rankSuspects(new Map(Object.entries(room.suspectVoting.tally)), room.players.map((p) => p.id));
  // The detective's full report (and an admin who is not playing) has every count; everyone else the top 3.
  const full = isDetective(sv, actor.player) || (actor.isAdmin && !actor.player);
  return {
    ...base,
    suspectVotes: (full ? ranked : ranked.slice(0, top.length)).map((r) => describe(r.playerId, r.voteCount, r.rank)),
    topSuspects: top.map((t) => {
      const p = byId.get(t.playerId);
      const c = p?.characterId ? sv.characters.get(p.characterId) : undefined;
      return { ...describe(t.playerId, t.voteCount, t.rank), searchWarrantEvidence: c?.searchWarrantEvidence ?? [] };
    }),
  };
}

export async function finalResults(ctx: AppContext, principal: Principal, gameId: string): Promise<TFinalResults> {
  const { room } = await actorIn(ctx, principal, gameId);
  const sv = await storylineFor(ctx, room);
  // The accused's innocence names the killer: it waits for the reveal's killer step like the results do.
  const results = room.results && killerRevealed(room) ? room.results : null;
  const eligibleVoters = room.results ? room.finalVoting.voterIds.length : voteProgress(room, room.finalVoting.voterIds).eligibleCount;
  const accused = results?.accusedPlayerId ? room.players.find((p) => p.id === results.accusedPlayerId) : undefined;
  const c = accused?.characterId ? sv.characters.get(accused.characterId) : undefined;
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

export async function votingBreakdown(ctx: AppContext, principal: Principal, gameId: string): Promise<TVotingBreakdown> {
  const { room } = await actorIn(ctx, principal, gameId);
  if (room.game.status !== 'completed') throw forbidden('The voting breakdown is available once the results are revealed');
  const sv = await storylineFor(ctx, room);
  const [ballots, finals] = await Promise.all([
    ctx.db.selectFrom('suspect_ballots').select(['voter_player_id', 'suspect_player_ids']).where('game_id', '=', gameId).orderBy('created_at').orderBy('voter_player_id').execute(),
    ctx.db.selectFrom('final_votes').select(['voter_player_id', 'suspect_player_id']).where('game_id', '=', gameId).orderBy('created_at').orderBy('voter_player_id').execute(),
  ]);
  const byId = new Map(room.players.map((p) => [p.id, p]));
  const name = (id: string) => byId.get(id)?.displayName ?? 'Unknown player';
  const charName = (id: string) => {
    const cid = byId.get(id)?.characterId;
    return cid ? (sv.characters.get(cid)?.name ?? null) : null;
  };
  const row = (voter: string, target: string) => ({ voterPlayer: name(voter), voterCharacter: charName(voter), targetPlayer: name(target), targetCharacter: charName(target) });
  return {
    suspectVotes: ballots.flatMap((b) => ZIds.parse(b.suspect_player_ids).map((s) => row(b.voter_player_id, s))),
    finalVotes: finals.map((f) => row(f.voter_player_id, f.suspect_player_id)),
    totalPlayers: room.players.length,
    // Counted in ballots (voters), as the outcome screen counts "votes submitted".
    suspectVoteCount: ballots.length,
    finalVoteCount: finals.length,
  };
}

export async function gameResults(ctx: AppContext, principal: Principal, gameId: string): Promise<TGameResults> {
  const { room } = await actorIn(ctx, principal, gameId);
  requireKillerRevealed(room);
  const row = await ctx.db.selectFrom('game_results').select('data').where('game_id', '=', gameId).executeTakeFirst();
  if (!row) throw notFound('Results Not Available');
  return ZGameResults.parse(row.data);
}

// ---------- Daily suspicion tracker (testing mode only) ----------

function requireTestingMode(room: TLiveRoom) {
  if (!room.game.isTestingMode) throw forbidden('The daily suspicion tracker is only available in testing mode');
}

function toDailyVote(r: { voter_player_id: string; day: number; suspect_character_id: string; suspect_player_id: string | null; created_at: Date | string }): TDailyVote {
  return {
    gamePlayerId: r.voter_player_id,
    day: r.day,
    suspectCharacterId: r.suspect_character_id,
    suspectGpId: r.suspect_player_id,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

export async function submitDailyVote(
  ctx: AppContext,
  principal: Principal,
  gameId: string,
  input: { gamePlayerId: string; day: number; suspectCharacterId: string },
): Promise<TDailyVote> {
  const { room, actor } = await actorIn(ctx, principal, gameId);
  requireTestingMode(room);
  if (!actor.player || actor.player.id !== input.gamePlayerId) throw forbidden('You can only record your own daily vote');
  if (room.game.status === 'setup') throw conflict('The game has not started yet');
  const table = phasesOf(await storylineFor(ctx, room));
  if (parseDay(table, input.day) === null) throw badRequest(dayRangeMessage(table));
  if (!isDayUnlocked(table, room.game.currentPhase, input.day)) throw conflict(`Day ${input.day} has not started yet`);
  const suspect = room.players.find((p) => p.characterId === input.suspectCharacterId);
  if (!suspect) throw badRequest('That character is not in play in this game');
  if (suspect.id === actor.player.id) throw badRequest('You cannot suspect yourself');
  const now = new Date();
  const row = await ctx.db
    .insertInto('daily_votes')
    .values({ game_id: gameId, voter_player_id: actor.player.id, day: input.day, suspect_character_id: input.suspectCharacterId, suspect_player_id: suspect.id, created_at: now })
    .onConflict((oc) =>
      oc.columns(['game_id', 'voter_player_id', 'day']).doUpdateSet({ suspect_character_id: input.suspectCharacterId, suspect_player_id: suspect.id, created_at: now }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return toDailyVote(row);
}

/** A day named in a path, as one of the game's storyline days (400 naming the storyline's range otherwise). */
async function storyDay(ctx: AppContext, room: TLiveRoom, raw: string): Promise<number> {
  const table = phasesOf(await storylineFor(ctx, room));
  const day = parseDay(table, raw);
  if (day === null) throw badRequest(dayRangeMessage(table));
  return day;
}

export async function ownDailyVote(ctx: AppContext, principal: Principal, gameId: string, gamePlayerId: string, rawDay: string): Promise<TDailyVote> {
  const { room, actor } = await actorIn(ctx, principal, gameId);
  requireTestingMode(room);
  if (!actor.player || actor.player.id !== gamePlayerId) throw forbidden('You can only read your own daily vote');
  const day = await storyDay(ctx, room, rawDay);
  const row = await ctx.db
    .selectFrom('daily_votes')
    .selectAll()
    .where('game_id', '=', gameId)
    .where('voter_player_id', '=', gamePlayerId)
    .where('day', '=', day)
    .executeTakeFirst();
  if (!row) throw notFound('No daily vote for this day yet');
  return toDailyVote(row);
}

export async function dailyVotesForDay(ctx: AppContext, principal: Principal, gameId: string, rawDay: string): Promise<TDailyVote[]> {
  const { room, actor } = await actorIn(ctx, principal, gameId);
  requireTestingMode(room);
  if (!actor.isHost && !actor.isAdmin) throw forbidden('Only the host can see the daily votes');
  const day = await storyDay(ctx, room, rawDay);
  const rows = await ctx.db.selectFrom('daily_votes').selectAll().where('game_id', '=', gameId).where('day', '=', day).orderBy('created_at').execute();
  return rows.map(toDailyVote);
}

