import {
  Phase,
  ZGameResults,
  checkSuspectBallot,
  isDayUnlocked,
  isDetectiveProfession,
  rankSuspects,
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
import type { Principal } from '../auth/principal.js';
import { requirePlayer, resolveActor, type Actor } from '../games/access.js';
import { executeCommand, type CommandOutcome, type Tx } from '../games/command.js';
import { actorIn, storylineFor } from '../games/games.service.js';
import { characterSummary, voteProgress } from '../games/views.js';
import type { StorylineVersion } from '../storylines/storyline-catalog.js';
import { closeSuspectVoting } from './close-suspect-voting.js';
import { allEligibleVoted, completeGame } from './complete-game.js';

const actorIdOf = (p: Principal) => (p.kind === 'user' ? p.userId : p.playerId);
const ZIds = z.array(z.string());

/** A command by a player of the game: the actor is resolved inside the lock, from the room the command sees. */
function playerCommand<R>(
  ctx: AppContext,
  principal: Principal,
  gameId: string,
  commandId: string | undefined,
  apply: (tx: Tx, room: TLiveRoom, me: TLivePlayer, actor: Actor) => Promise<CommandOutcome<R>>,
): Promise<R> {
  return executeCommand(ctx, gameId, { commandId, actorId: actorIdOf(principal) }, async (tx, room) => {
    const actor = resolveActor(room, principal);
    return apply(tx, room, requirePlayer(actor), actor);
  });
}

function isDetective(sv: StorylineVersion, p: TLivePlayer | null): boolean {
  const c = p?.characterId ? sv.characters.get(p.characterId) : undefined;
  return !!c && isDetectiveProfession(c.profession);
}

// ---------- Detective: remove a vote (phases 1-5) ----------

export async function removeVote(ctx: AppContext, principal: Principal, gameId: string, targetId: string, commandId?: string) {
  await playerCommand(ctx, principal, gameId, commandId, async (tx, room, me) => {
    const sv = await storylineFor(ctx, room);
    if (!isDetective(sv, me)) throw forbidden("Only the detective can remove a player's vote");
    const phase = room.game.currentPhase;
    if (room.game.status !== 'in_progress' || phase < Phase.DAY_ONE || phase > Phase.SUSPECT_VOTE) {
      throw conflict('Votes can only be removed during the investigation days and the suspect vote');
    }
    if (targetId === me.id) throw badRequest('The detective cannot remove their own vote');
    const target = room.players.find((p) => p.id === targetId);
    if (!target) throw notFound('Player not found in game');
    if (target.voteLost) throw conflict('This player has already lost their vote');
    await tx.updateTable('game_players').set({ vote_lost: true, vote_lost_reason: 'detective' }).where('id', '=', targetId).execute();
    let next: TLiveRoom = {
      ...room,
      players: room.players.map((p) => (p.id === targetId ? { ...p, voteLost: true, voteLostReason: 'detective' as const } : p)),
    };
    // A ballot the player already cast stays counted (it was valid when cast). If the player was the last one
    // the suspect vote was waiting for, the vote closes now.
    if (phase === Phase.SUSPECT_VOTE && !next.suspectVoting.topSuspects && allEligibleVoted(next, next.suspectVoting.voterIds)) {
      next = await closeSuspectVoting(tx, next);
      return { result: null, room: next, reason: 'suspects_revealed', privateFor: 'all' };
    }
    return { result: null, room: next, reason: 'vote_removed', privateFor: [targetId] };
  });
}

// ---------- Suspect vote (phase 5) ----------

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && new Set([...a, ...b]).size === a.length;

const BALLOT_MESSAGES = {
  count: 'You must select exactly 3 suspects',
  duplicate: 'Select 3 different suspects',
  self: 'You cannot select yourself as a suspect',
  unknown_player: 'Every suspect must be a player of this game',
} as const;

export async function submitSuspectVotes(ctx: AppContext, principal: Principal, gameId: string, suspects: readonly string[], commandId?: string) {
  await playerCommand(ctx, principal, gameId, commandId, async (tx, room, me): Promise<CommandOutcome<null>> => {
    // The room (checked against the row's version inside the lock) knows who voted; only a repeat reads the ballot.
    const existing = room.suspectVoting.voterIds.includes(me.id)
      ? await tx
          .selectFrom('suspect_ballots')
          .select('suspect_player_ids')
          .where('game_id', '=', gameId)
          .where('voter_player_id', '=', me.id)
          .executeTakeFirst()
      : undefined;
    if (existing) {
      // A retried submission of the same ballot is answered as a success and changes nothing.
      if (sameSet(ZIds.parse(existing.suspect_player_ids), suspects)) return { result: null, room: null, reason: 'suspect_vote_counted' };
      throw conflict('You have already submitted your suspect votes');
    }
    if (room.game.status !== 'in_progress' || room.game.currentPhase !== Phase.SUSPECT_VOTE) {
      throw conflict('Suspect voting is not open');
    }
    if (room.suspectVoting.topSuspects) throw conflict('Suspect voting has closed');
    if (me.voteLost) throw forbidden('You have lost your vote and cannot vote for suspects');
    const problem = checkSuspectBallot(me.id, suspects, new Set(room.players.map((p) => p.id)));
    if (problem) throw badRequest(BALLOT_MESSAGES[problem]);

    await tx
      .insertInto('suspect_ballots')
      .values({ game_id: gameId, voter_player_id: me.id, suspect_player_ids: JSON.stringify(suspects), created_at: new Date() })
      .execute();
    const tally = { ...room.suspectVoting.tally };
    for (const s of suspects) tally[s] = (tally[s] ?? 0) + 1;
    let next: TLiveRoom = { ...room, suspectVoting: { ...room.suspectVoting, voterIds: [...room.suspectVoting.voterIds, me.id], tally } };
    if (allEligibleVoted(next, next.suspectVoting.voterIds)) {
      // The last ballot: the top 3 are computed here, once, inside the game's lock.
      next = await closeSuspectVoting(tx, next);
      return { result: null, room: next, reason: 'suspects_revealed', privateFor: 'all' };
    }
    return { result: null, room: next, reason: 'suspect_vote_counted' };
  });
}

function suspectProgress(room: TLiveRoom) {
  // Same figures as the public view: once revealed the electorate is frozen to those who voted.
  if (room.suspectVoting.topSuspects) {
    const n = room.suspectVoting.voterIds.length;
    return { submittedCount: n, eligibleCount: n, allVotesSubmitted: true };
  }
  return voteProgress(room, room.suspectVoting.voterIds);
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

// ---------- Final vote (phase 6) ----------

export async function castFinalVote(ctx: AppContext, principal: Principal, gameId: string, suspectId: string, commandId?: string) {
  await playerCommand(ctx, principal, gameId, commandId, async (tx, room, me): Promise<CommandOutcome<null>> => {
    const existing = await tx
      .selectFrom('final_votes')
      .select('suspect_player_id')
      .where('game_id', '=', gameId)
      .where('voter_player_id', '=', me.id)
      .executeTakeFirst();
    if (existing) throw conflict('You have already cast your final vote; it cannot be changed');
    if (room.game.status === 'completed') throw conflict('The game is over');
    if (room.game.status !== 'in_progress' || room.game.currentPhase !== Phase.FINAL_VOTE) throw conflict('The final vote is not open');
    if (me.voteLost) throw forbidden('You have lost your vote and cannot take part in the final vote');
    if (suspectId === me.id) throw badRequest('You cannot accuse yourself');
    if (!room.players.some((p) => p.id === suspectId)) throw badRequest('The accused must be a player of this game');

    await tx.insertInto('final_votes').values({ game_id: gameId, voter_player_id: me.id, suspect_player_id: suspectId, created_at: new Date() }).execute();
    let next: TLiveRoom = {
      ...room,
      finalVoting: {
        voterIds: [...room.finalVoting.voterIds, me.id],
        tally: { ...room.finalVoting.tally, [suspectId]: (room.finalVoting.tally[suspectId] ?? 0) + 1 },
      },
    };
    if (allEligibleVoted(next, next.finalVoting.voterIds)) {
      next = await completeGame(tx, next, await storylineFor(ctx, room));
      return { result: null, room: next, reason: 'game_completed' };
    }
    return { result: null, room: next, reason: 'final_vote_counted' };
  });
}

export async function finalResults(ctx: AppContext, principal: Principal, gameId: string): Promise<TFinalResults> {
  const { room } = await actorIn(ctx, principal, gameId);
  const sv = await storylineFor(ctx, room);
  const results = room.results;
  const eligibleVoters = results ? room.finalVoting.voterIds.length : voteProgress(room, room.finalVoting.voterIds).eligibleCount;
  const accused = results?.accusedPlayerId ? room.players.find((p) => p.id === results.accusedPlayerId) : undefined;
  const c = accused?.characterId ? sv.characters.get(accused.characterId) : undefined;
  return {
    allVotesSubmitted: !!results,
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
  await actorIn(ctx, principal, gameId);
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
  if (!isDayUnlocked(room.game.currentPhase, input.day)) throw conflict(`Day ${input.day} has not started yet`);
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

export async function ownDailyVote(ctx: AppContext, principal: Principal, gameId: string, gamePlayerId: string, day: number): Promise<TDailyVote> {
  const { room, actor } = await actorIn(ctx, principal, gameId);
  requireTestingMode(room);
  if (!actor.player || actor.player.id !== gamePlayerId) throw forbidden('You can only read your own daily vote');
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

export async function dailyVotesForDay(ctx: AppContext, principal: Principal, gameId: string, day: number): Promise<TDailyVote[]> {
  const { room, actor } = await actorIn(ctx, principal, gameId);
  requireTestingMode(room);
  if (!actor.isHost && !actor.isAdmin) throw forbidden('Only the host can see the daily votes');
  const rows = await ctx.db.selectFrom('daily_votes').selectAll().where('game_id', '=', gameId).where('day', '=', day).orderBy('created_at').execute();
  return rows.map(toDailyVote);
}

