import type { TLiveRoom, TSnapshotReason } from '@ss/protocol';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import type { GameRow } from '../../db/schema.js';
import { gameDeleted, notFound } from '../../lib/app-error.js';
import { LIVE_TTL_ACTIVE, LIVE_TTL_DONE } from '../../live/live-store.js';
import { loadRoomFromDb, roomState } from './room-loader.js';
import { createKeyedMutex } from '../../lib/keyed-mutex.js';

export type Tx = Transaction<Database>;

export interface CommandOutcome<R> {
  result: R;
  /** The room after the change (version is set by the executor). Null when nothing changed. */
  room: TLiveRoom | null;
  reason: TSnapshotReason;
  /** Players whose private view changed. */
  privateFor?: readonly string[] | 'all';
  /** Work to do after the commit and the push (e.g. follow-up pushes). */
  after?: () => Promise<void> | void;
}

const localQueue = createKeyedMutex();

export const liveTtl = (room: TLiveRoom) => (room.game.status === 'completed' ? LIVE_TTL_DONE : LIVE_TTL_ACTIVE);

/**
 * The one command path: validate -> apply in one Postgres transaction holding the game's row lock -> bump the
 * version -> write the live room -> push. Commands of one game are also queued per instance, so the live room
 * read inside the lock is the one the previous command wrote (no rebuild on the hot path). With a command id, a
 * retried command answers the stored result instead of applying again.
 */
export async function executeCommand<R>(
  ctx: AppContext,
  gameId: string,
  opts: { commandId?: string | undefined; actorId: string },
  apply: (tx: Tx, room: TLiveRoom, row: GameRow) => Promise<CommandOutcome<R>>,
): Promise<R> {
  return localQueue.run(gameId, async () => {
    const out = await ctx.db.transaction().execute(async (tx) => {
      const row = await tx.selectFrom('games').selectAll().where('id', '=', gameId).forUpdate().executeTakeFirst();
      if (!row) throw notFound('Game not found');
      if (row.deleted_at) throw gameDeleted();
      if (opts.commandId) {
        const seen = await tx
          .selectFrom('processed_commands')
          .select('result')
          .where('game_id', '=', gameId)
          .where('command_id', '=', opts.commandId)
          .where('actor_id', '=', opts.actorId)
          .executeTakeFirst();
        if (seen) return { replay: true as const, result: seen.result as R };
      }
      const dbVersion = Number(row.version);
      let room = await ctx.live.get(gameId);
      if (!room || room.version !== dbVersion) room = await loadRoomFromDb(tx, gameId, row);
      const outcome = await apply(tx, room, row);
      let next: TLiveRoom | null = null;
      if (outcome.room) {
        next = { ...outcome.room, version: dbVersion + 1 };
        await tx
          .updateTable('games')
          .set({
            version: next.version,
            status: next.game.status,
            current_phase: next.game.currentPhase,
            leader_player_id: next.game.leaderPlayerId,
            expected_players: next.game.expectedPlayers,
            feedback_mode: next.game.feedbackMode,
            state: JSON.stringify(roomState(next)),
            started_at: next.game.startedAt,
            completed_at: next.game.completedAt,
          })
          .where('id', '=', gameId)
          .execute();
      }
      if (opts.commandId) {
        await tx
          .insertInto('processed_commands')
          .values({ game_id: gameId, command_id: opts.commandId, actor_id: opts.actorId, result: JSON.stringify(outcome.result ?? null) })
          .onConflict((oc) => oc.columns(['game_id', 'command_id']).doNothing())
          .execute();
      }
      return { replay: false as const, outcome, next };
    });
    if (out.replay) return out.result;
    const { outcome, next } = out;
    if (next) {
      await ctx.live.put(next, liveTtl(next));
      const sv = await ctx.catalog.get(next.game.storylineId, next.game.storylineVersion);
      ctx.broadcaster.publish(next, sv, outcome.reason, outcome.privateFor ?? []);
    }
    await outcome.after?.();
    return outcome.result;
  });
}

/** REST and socket reads of live state: from the live room; rebuilt from Postgres if missing (Redis flushed). */
export async function readRoom(ctx: AppContext, gameId: string): Promise<TLiveRoom> {
  const room = await ctx.live.get(gameId);
  if (room) return room;
  const rebuilt = await loadRoomFromDb(ctx.db, gameId);
  await ctx.live.put(rebuilt, liveTtl(rebuilt));
  return rebuilt;
}
