import type { TLiveRoom, TSnapshotReason } from '@ss/protocol';
import { sql, type Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database, GameRow } from '../../db/schema.js';
import { gameDeleted, notFound } from '../../lib/app-error.js';
import { LIVE_TTL_ACTIVE, LIVE_TTL_DONE } from '../../live/live-store.js';
import { loadRoomFromDb, roomState } from './room-loader.js';

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

export const liveTtl = (room: TLiveRoom) => (room.game.status === 'completed' ? LIVE_TTL_DONE : LIVE_TTL_ACTIVE);

type Apply<R> = (tx: Tx, room: TLiveRoom, row: GameRow) => Promise<CommandOutcome<R>>;

interface Queued {
  opts: { commandId?: string | undefined; actorId: string };
  apply: Apply<unknown>;
  resolve(value: unknown): void;
  reject(err: unknown): void;
}

/** Done item of a batch: its result, or its error; `next` is the room version it produced (if any). */
type Settled =
  | { ok: true; result: unknown; next: TLiveRoom | null; outcome: CommandOutcome<unknown> | null }
  | { ok: false; error: unknown };

/** A burst on one game is applied in one transaction; more than this waits for the next one. */
const MAX_BATCH = 64;
const queues = new WeakMap<AppContext, Map<string, Queued[]>>();

/**
 * The one command path: validate -> apply in one Postgres transaction holding the game's row lock -> bump the
 * version -> write the live room -> push. Commands of one game are queued per instance, so the live room read
 * inside the lock is the one the previous command wrote (no rebuild on the hot path). Commands that queue up while
 * a transaction runs (a voting burst) are applied together in the next transaction, each in its own savepoint, so
 * a refused command changes nothing and the others still apply; each still gets its own version and push. With a
 * command id, a retried command answers the stored result instead of applying again.
 */
export function executeCommand<R>(
  ctx: AppContext,
  gameId: string,
  opts: { commandId?: string | undefined; actorId: string },
  apply: Apply<R>,
): Promise<R> {
  let perGame = queues.get(ctx);
  if (!perGame) queues.set(ctx, (perGame = new Map()));
  const games = perGame;
  return new Promise<R>((resolve, reject) => {
    const queue = games.get(gameId);
    const item: Queued = { opts, apply: apply as Apply<unknown>, resolve: resolve as (v: unknown) => void, reject };
    if (queue) {
      queue.push(item);
      return;
    }
    games.set(gameId, [item]);
    void drain(ctx, games, gameId);
  });
}

async function drain(ctx: AppContext, games: Map<string, Queued[]>, gameId: string): Promise<void> {
  for (;;) {
    const queue = games.get(gameId);
    if (!queue || queue.length === 0) {
      games.delete(gameId);
      return;
    }
    // The queue stays in the map while its batch runs, so new commands wait for the next batch.
    const batch = queue.splice(0, MAX_BATCH);
    await runBatch(ctx, gameId, batch).catch((err) => batch.forEach((b) => b.reject(err)));
  }
}

async function runBatch(ctx: AppContext, gameId: string, batch: Queued[]): Promise<void> {
  const single = batch.length === 1;
  const { settled, final } = await ctx.db.transaction().execute(async (tx) => {
    const row = await tx.selectFrom('games').selectAll().where('id', '=', gameId).forUpdate().executeTakeFirst();
    if (!row) throw notFound('Game not found');
    if (row.deleted_at) throw gameDeleted();
    const dbVersion = Number(row.version);
    let room = await ctx.live.get(gameId);
    if (!room || room.version !== dbVersion) room = await loadRoomFromDb(tx, gameId, row);
    const settled: Settled[] = [];
    for (const item of batch) {
      // A lone command needs no savepoint: its error rolls back the whole transaction anyway.
      if (!single) await sql`SAVEPOINT cmd`.execute(tx);
      try {
        settled.push(await applyOne(tx, gameId, room, row, item));
        const done = settled[settled.length - 1];
        if (done?.ok && done.next) room = done.next;
      } catch (error) {
        if (single) throw error;
        await sql`ROLLBACK TO SAVEPOINT cmd`.execute(tx);
        settled.push({ ok: false, error });
      }
    }
    if (room.version !== dbVersion) {
      await tx
        .updateTable('games')
        .set({
          version: room.version,
          status: room.game.status,
          current_phase: room.game.currentPhase,
          leader_player_id: room.game.leaderPlayerId,
          expected_players: room.game.expectedPlayers,
          feedback_mode: room.game.feedbackMode,
          state: JSON.stringify(roomState(room)),
          started_at: room.game.startedAt,
          completed_at: room.game.completedAt,
        })
        .where('id', '=', gameId)
        .execute();
    }
    return { settled, final: room.version !== dbVersion ? room : null };
  });
  if (final) await ctx.live.put(final, liveTtl(final));
  for (const [i, s] of settled.entries()) {
    const item = batch[i] as Queued;
    if (!s.ok) {
      item.reject(s.error);
      continue;
    }
    if (s.next && s.outcome) {
      const sv = await ctx.catalog.get(s.next.game.storylineId, s.next.game.storylineVersion);
      ctx.broadcaster.publish(s.next, sv, s.outcome.reason, s.outcome.privateFor ?? []);
    }
    try {
      await s.outcome?.after?.();
    } catch (err) {
      ctx.log.warn({ err, gameId }, 'after-command hook failed');
    }
    item.resolve(s.result);
  }
}

async function applyOne(tx: Tx, gameId: string, room: TLiveRoom, row: GameRow, item: Queued): Promise<Settled> {
  const { commandId, actorId } = item.opts;
  if (commandId) {
    const seen = await tx
      .selectFrom('processed_commands')
      .select('result')
      .where('game_id', '=', gameId)
      .where('command_id', '=', commandId)
      .where('actor_id', '=', actorId)
      .executeTakeFirst();
    if (seen) return { ok: true, result: seen.result, next: null, outcome: null };
  }
  const outcome = await item.apply(tx, room, row);
  const next = outcome.room ? { ...outcome.room, version: room.version + 1 } : null;
  if (commandId) {
    await tx
      .insertInto('processed_commands')
      .values({ game_id: gameId, command_id: commandId, actor_id: actorId, result: JSON.stringify(outcome.result ?? null) })
      .onConflict((oc) => oc.columns(['game_id', 'command_id']).doNothing())
      .execute();
  }
  return { ok: true, result: outcome.result, next, outcome };
}

/** REST and socket reads of live state: from the live room; rebuilt from Postgres if missing (Redis flushed). */
export async function readRoom(ctx: AppContext, gameId: string): Promise<TLiveRoom> {
  const room = await ctx.live.get(gameId);
  if (room) return room;
  const rebuilt = await loadRoomFromDb(ctx.db, gameId);
  await ctx.live.put(rebuilt, liveTtl(rebuilt));
  return rebuilt;
}
