import { ZLiveResults, ZTopSuspect, type TLiveRoom } from '@ss/protocol';
import { z } from 'zod';
import type { DB } from '../../db/database.js';
import type { GameRow } from '../../db/schema.js';
import { gameDeleted, notFound } from '../../lib/app-error.js';

/** The games.state JSON column: game-wide state without rows of its own. */
export const ZGameState = z.object({
  topSuspects: z.array(ZTopSuspect).nullable().default(null),
  defence: z
    .object({ suspectPlayerId: z.uuid(), startedAt: z.number(), durationMs: z.number(), endsAt: z.number() })
    .nullable()
    .default(null),
  results: ZLiveResults.nullable().default(null),
});
export type TGameState = z.infer<typeof ZGameState>;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export async function findGameRow(db: DB, gameId: string): Promise<GameRow | undefined> {
  return db.selectFrom('games').selectAll().where('id', '=', gameId).executeTakeFirst();
}

/** Rebuilds a game's live room from the durable ledger (Postgres). */
export async function loadRoomFromDb(db: DB, gameId: string, lockedRow?: GameRow): Promise<TLiveRoom> {
  const game = lockedRow ?? (await findGameRow(db, gameId));
  if (!game) throw notFound('Game not found');
  if (game.deleted_at) throw gameDeleted();
  const [players, ballots, finals, storyline] = await Promise.all([
    db.selectFrom('game_players').selectAll().where('game_id', '=', gameId).where('removed_at', 'is', null).orderBy('joined_at').orderBy('id').execute(),
    db.selectFrom('suspect_ballots').select(['voter_player_id', 'suspect_player_ids']).where('game_id', '=', gameId).execute(),
    db.selectFrom('final_votes').select(['voter_player_id', 'suspect_player_id']).where('game_id', '=', gameId).execute(),
    db.selectFrom('storylines').select('title').where('id', '=', game.storyline_id).executeTakeFirst(),
  ]);
  const state = ZGameState.parse(game.state ?? {});
  const suspectTally: Record<string, number> = {};
  for (const b of ballots) {
    for (const s of z.array(z.string()).parse(b.suspect_player_ids)) suspectTally[s] = (suspectTally[s] ?? 0) + 1;
  }
  const finalTally: Record<string, number> = {};
  for (const f of finals) finalTally[f.suspect_player_id] = (finalTally[f.suspect_player_id] ?? 0) + 1;
  return {
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
    suspectVoting: { voterIds: ballots.map((b) => b.voter_player_id), tally: suspectTally, topSuspects: state.topSuspects },
    finalVoting: { voterIds: finals.map((f) => f.voter_player_id), tally: finalTally },
    defence: state.defence,
    results: state.results,
  };
}

export function roomState(room: TLiveRoom): TGameState {
  return { topSuspects: room.suspectVoting.topSuspects, defence: room.defence, results: room.results };
}
