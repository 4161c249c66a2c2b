import { sql } from 'kysely';
import { incomingWins } from '../../db/incoming-wins.js';
import type { AppContext } from '../../context.js';
import { gameRoom } from './broadcaster.js';
import { liveTtl } from '../../live/live-store.js';
import { loadState, loadStateAt } from './event-store.js';

/** How often an instance looks for commits nobody pushed, and how old a commit must be to count as unpushed. */
const SWEEP_MS = 2000;
const GRACE = '2 seconds';
/** Commits older than this are left to the phones' own resync (they rejoin after a restart anyway). */
const WINDOW = '2 minutes';
/** How often phones are told their games' versions (the heartbeat). */
const BEAT_MS = 5000;
const FLUSH_MS = 500;

export interface Publisher {
  /** The instance committed the game up to this version and pushes it itself: the heartbeat need not tell it. */
  pushing(gameId: string, seq: number): void;
  /** The instance pushed the game up to this version (recorded in game_published within FLUSH_MS). */
  published(gameId: string, seq: number): void;
  start(): void;
  stop(): Promise<void>;
}

/**
 * Publishing follows the log, not the process that wrote it. The committing instance pushes and then records
 * the version it pushed; every instance sweeps the log for recent commits beyond the recorded version (an
 * instance died between its commit and its push), claims them with a conditional update (so one instance pushes
 * them), pushes the change since the last pushed version and refreshes the live store. Phones also get a small
 * heartbeat with the version of each game they follow, and ask for what they missed when it is ahead of theirs.
 */
/** `forget`: drops the command bus's working copy of a game whose state this instance did not write. */
export function createPublisher(ctx: AppContext, forget: (gameId: string) => void): Publisher {
  const pending = new Map<string, number>();
  const timers: NodeJS.Timeout[] = [];
  let sweeping = false;

  async function flush(): Promise<void> {
    if (pending.size === 0) return;
    const rows = [...pending.entries()].map(([game_id, seq]) => ({ game_id, seq, at: new Date() }));
    pending.clear();
    await markPublished(ctx, rows).catch((err: unknown) => ctx.log.warn({ err }, 'recording pushed versions failed'));
  }

  async function sweep(): Promise<void> {
    if (sweeping) return;
    sweeping = true;
    try {
      const lagging = await ctx.db
        .selectFrom('game_events as e')
        .leftJoin('game_published as p', 'p.game_id', 'e.game_id')
        .select((eb) => ['e.game_id', eb.fn.max('e.seq').as('seq'), eb.fn.coalesce('p.seq', sql<number>`0`).as('published')])
        .where('e.at', '>', sql<Date>`now() - ${sql.raw(`interval '${WINDOW}'`)}`)
        .where('e.at', '<', sql<Date>`now() - ${sql.raw(`interval '${GRACE}'`)}`)
        .groupBy(['e.game_id', 'p.seq'])
        .having((eb) => eb(eb.fn.max('e.seq'), '>', eb.fn.coalesce('p.seq', sql<number>`0`)))
        .execute();
      for (const row of lagging) await republish(row.game_id, Number(row.published), Number(row.seq));
    } catch (err) {
      ctx.log.warn({ err }, 'publish sweep failed');
    } finally {
      sweeping = false;
    }
  }

  async function republish(gameId: string, from: number, to: number): Promise<void> {
    // Claim the range: only the instance whose update moves the mark pushes it.
    const claimed = await markPublished(ctx, [{ game_id: gameId, seq: to, at: new Date() }], from);
    if (!claimed) return;
    const [after, before] = await Promise.all([loadState(ctx.db, gameId), from > 0 ? loadStateAt(ctx.db, gameId, from) : null]);
    if (!after) return;
    forget(gameId);
    await ctx.live.put(after, liveTtl(after));
    const storyline = await ctx.catalog.get(after.game.storylineId, after.game.storylineVersion);
    if (before) ctx.broadcaster.publish(before, after, storyline, ['republished']);
    ctx.broadcaster.beat(gameId, after.version);
    ctx.log.info({ gameId, from, to: after.version }, 'pushed a commit its instance did not push');
  }

  /** The version each local game room was last told (pushed by this instance, or announced by a beat). */
  const told = new Map<string, number>();

  async function beat(): Promise<void> {
    // Only the games this instance has phones of; each phone hears from its own instance. A game is announced only
    // when the live store is ahead of what this instance last told its room: a version this instance pushed
    // itself reached every phone connected here (a phone that was not connected resyncs when it comes back), so
    // announcing it again would only cost every phone a frame every 5 s.
    const gameIds = [...ctx.broadcaster.io.of('/').adapter.rooms.keys()].filter((r) => r.startsWith('game:')).map((r) => r.slice('game:'.length));
    const here = new Set(gameIds);
    for (const id of told.keys()) if (!here.has(id)) told.delete(id);
    const live = await Promise.all(gameIds.map((id) => ctx.live.get(id).catch(() => null)));
    live.forEach((room, i) => {
      const gameId = gameIds[i] as string;
      if (!room || room.version <= (told.get(gameId) ?? 0)) return;
      told.set(gameId, room.version);
      ctx.broadcaster.io.local.to(gameRoom(gameId)).emit('room:version', { gameId, version: room.version });
    });
  }

  return {
    pushing(gameId, seq) {
      // Set at the commit, not after the push: a beat between the live-room write and the push would otherwise
      // announce a version whose delta is on its way, and every phone of the game would ask for it again.
      told.set(gameId, Math.max(told.get(gameId) ?? 0, seq));
    },
    published(gameId, seq) {
      pending.set(gameId, Math.max(pending.get(gameId) ?? 0, seq));
    },
    start() {
      const every = (ms: number, fn: () => Promise<void>) => {
        const t = setInterval(() => void fn(), ms);
        t.unref();
        timers.push(t);
      };
      every(FLUSH_MS, flush);
      every(SWEEP_MS, sweep);
      every(BEAT_MS, () => beat().catch(() => undefined));
    },
    async stop() {
      for (const t of timers) clearInterval(t);
      await flush();
    },
  };
}

/** Moves the pushed-version marks forward (never back); with `from`, only a mark still at `from` moves. */
async function markPublished(ctx: AppContext, rows: { game_id: string; seq: number; at: Date }[], from?: number): Promise<boolean> {
  const res = await ctx.db
    .insertInto('game_published')
    .values(rows)
    .onConflict((oc) =>
      oc
        .column('game_id')
        .doUpdateSet(incomingWins('game_published', ['seq', 'at']))
        .where((eb) => (from === undefined ? eb('game_published.seq', '<', sql<number>`excluded.seq`) : eb('game_published.seq', '=', from))),
    )
    .returning('game_id')
    .execute();
  return res.length > 0;
}
