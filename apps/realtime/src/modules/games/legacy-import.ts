import { ZLiveResults, ZTopSuspect, type TLiveRoom } from '@ss/protocol';
import { z } from 'zod';
import type { DB } from '../../db/database.js';

/** The games.state column of games written before the event log: game-wide state without rows of its own. */
const ZLegacyState = z.object({
  topSuspects: z.array(ZTopSuspect).nullable().default(null),
  defence: z
    .object({ suspectPlayerId: z.uuid(), startedAt: z.number(), durationMs: z.number(), endsAt: z.number() })
    .nullable()
    .default(null),
  results: ZLiveResults.nullable().default(null),
});

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const ZIds = z.array(z.string());

/**
 * A game created before the event log existed has rows but no events: its state is read from the rows once and
 * stored as its first snapshot (at the row's version), and the log continues from there.
 */
export async function importLegacyGame(db: DB, gameId: string): Promise<TLiveRoom | null> {
  const game = await db.selectFrom('games').selectAll().where('id', '=', gameId).executeTakeFirst();
  if (!game) return null;
  const [players, ballots, finals, storyline] = await Promise.all([
    db.selectFrom('game_players').selectAll().where('game_id', '=', gameId).where('removed_at', 'is', null).orderBy('joined_at').orderBy('id').execute(),
    db.selectFrom('suspect_ballots').select(['voter_player_id', 'suspect_player_ids']).where('game_id', '=', gameId).orderBy('created_at').execute(),
    db.selectFrom('final_votes').select(['voter_player_id', 'suspect_player_id']).where('game_id', '=', gameId).orderBy('created_at').execute(),
    db.selectFrom('storylines').select('title').where('id', '=', game.storyline_id).executeTakeFirst(),
  ]);
  const state = ZLegacyState.parse(game.state ?? {});
  const suspectTally: Record<string, number> = {};
  const ballotsByVoter: Record<string, string[]> = {};
  for (const b of ballots) {
    const ids = ZIds.parse(b.suspect_player_ids);
    ballotsByVoter[b.voter_player_id] = ids;
    for (const s of ids) suspectTally[s] = (suspectTally[s] ?? 0) + 1;
  }
  const finalTally: Record<string, number> = {};
  const votes: Record<string, string> = {};
  for (const f of finals) {
    finalTally[f.suspect_player_id] = (finalTally[f.suspect_player_id] ?? 0) + 1;
    votes[f.voter_player_id] = f.suspect_player_id;
  }
  const room: TLiveRoom = {
    version: Number(game.version),
    game: {
      id: game.id,
      joinCode: game.join_code,
      title: storyline?.title ?? 'Murder Mystery',
      storylineId: game.storyline_id,
      storylineVersion: game.storyline_version,
      hostUserId: game.host_user_id,
      status: game.status,
      currentPhase: game.current_phase,
      isTestingMode: game.is_testing_mode,
      feedbackMode: game.feedback_mode,
      characterLimit: game.character_limit,
      minPlayers: game.min_players,
      expectedPlayers: game.expected_players,
      leaderPlayerId: game.leader_player_id,
      amountPaidCents: game.amount_paid_cents,
      createdAt: iso(game.created_at) ?? new Date().toISOString(),
      startedAt: iso(game.started_at),
      completedAt: iso(game.completed_at),
      deletedAt: iso(game.deleted_at),
    },
    players: players.map((p) => ({
      id: p.id,
      displayName: p.display_name,
      userId: p.user_id,
      isHost: p.is_host,
      characterId: p.character_id,
      team: p.team,
      voteLost: p.vote_lost,
      voteLostReason: p.vote_lost_reason === 'detective' || p.vote_lost_reason === 'top_suspect' ? p.vote_lost_reason : null,
      sessionVersion: p.session_version,
      joinedAt: iso(p.joined_at) ?? '',
    })),
    suspectVoting: {
      voterIds: ballots.map((b) => b.voter_player_id),
      ballots: ballotsByVoter,
      tally: suspectTally,
      topSuspects: state.topSuspects,
    },
    finalVoting: { voterIds: finals.map((f) => f.voter_player_id), votes, tally: finalTally },
    defence: state.defence,
    results: state.results,
  };
  await db
    .insertInto('game_snapshots')
    .values({ game_id: gameId, seq: room.version, state: JSON.stringify(room), at: new Date() })
    .onConflict((oc) => oc.column('game_id').doNothing())
    .execute();
  return room;
}
