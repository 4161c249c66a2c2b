import { RefusalErrorCode, decide, evolve, type Refused, type TGameCommand, type TLiveRoom } from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { AppError, gameDeleted, notFound } from '../../lib/app-error.js';
import { createBoundedCache } from '../../lib/bounded-cache.js';
import { UNAVAILABLE_MESSAGE } from '../../lib/redis-client.js';
import { LIVE_TTL_ACTIVE, LIVE_TTL_DONE } from '../../live/live-store.js';
import { engineActor, senderLabel, type Sender } from './access.js';
import { SNAPSHOT_EVERY, appendEvents, isWritten, knownCommands, loadState, removeEvents, saveSnapshots, type LogRow } from './event-store.js';
import { project, type Change } from './projector.js';
import { createPublisher } from './publisher.js';
import { afterCommit } from './reactions.js';

export const liveTtl = (room: TLiveRoom) => (room.game.status === 'completed' ? LIVE_TTL_DONE : LIVE_TTL_ACTIVE);

interface Pending {
  gameId: string;
  command: TGameCommand;
  sender: Sender;
  commandId: string | undefined;
  attempts: number;
  resolve(state: TLiveRoom): void;
  reject(err: unknown): void;
}

/** What a command came to in a batch, settled only once the batch's commit is known. */
type Outcome = { item: Pending; ok: true; state: TLiveRoom | null } | { item: Pending; ok: false; error: unknown };

/** Commands that arrive while a commit runs go into the next one; at most this many per commit. */
const MAX_BATCH = 1000;
/** A command whose game keeps losing races (another instance appends first) is retried this many times. */
const MAX_ATTEMPTS = 8;

export const refusalError = (r: Refused) =>
  r.code === 'GAME_DELETED' ? gameDeleted() : new AppError(RefusalErrorCode[r.code], r.message, { reason: r.code });

/**
 * The one command path, for every game action (REST or socket):
 *   queue → (next commit) load each game's state → decide every queued command of the game in order with the
 *   engine → one transaction for all games: one multi-row INSERT of their events into game_events, the
 *   projector's upserts, snapshots every SNAPSHOT_EVERY events → COMMIT → live store, pushes, answers.
 * Appends are optimistic: a game whose (game, seq) was taken by another instance meanwhile has its events taken
 * back in the same transaction, its state reloaded from the log, and its commands decided again in the next
 * commit. Nothing holds a row lock, and all games share each commit (group commit).
 * A command id already in the log (a retry) answers success without deciding again.
 */
export class CommandBus {
  private queue: Pending[] = [];
  private running = false;
  /** This instance's working copy of each game's state (checked by the append: a stale one loses the race). */
  private readonly working = createBoundedCache<string, TLiveRoom>(20_000);
  readonly publisher;

  constructor(private readonly ctx: AppContext) {
    this.publisher = createPublisher(ctx);
  }

  submit(gameId: string, command: TGameCommand, sender: Sender, commandId?: string): Promise<TLiveRoom> {
    // While the live store is down a command is refused before it reaches the log: committing it would leave the
    // phones (fed from the live store) behind the log with no way to tell them. The client retries the same id.
    if (!this.ctx.live.isUp()) return Promise.reject(new AppError('UNAVAILABLE', UNAVAILABLE_MESSAGE));
    return new Promise((resolve, reject) => {
      this.queue.push({ gameId, command, sender, commandId, attempts: 0, resolve, reject });
      if (!this.running) {
        this.running = true;
        // Commands sent in the same tick share the first commit.
        setImmediate(() => void this.pump());
      }
    });
  }

  /** Forget this instance's copy (another path changed the game, e.g. a test fixture writing events). */
  forget(gameId: string): void {
    this.working.delete(gameId);
  }

  private async pump(): Promise<void> {
    // Each batch's reads and transaction run while the previous batch's pushes and answers go out, so the
    // process is not idle while Postgres commits. Pushes still leave in commit order: a batch's pushes start only
    // once the previous batch's are done.
    let finishing: Promise<void> = Promise.resolve();
    try {
      for (;;) {
        if (this.queue.length === 0) {
          // Commands that arrive while the last pushes go out are taken in this loop, not stranded.
          await finishing;
          if (this.queue.length === 0) break;
        }
        const batch = this.queue.splice(0, MAX_BATCH);
        const persisted = this.commit(batch).catch((err: unknown) => {
          this.ctx.log.error({ err }, 'command batch failed');
          for (const item of batch) item.reject(err);
          return null;
        });
        await finishing;
        const finish = await persisted;
        finishing = finish ? finish() : Promise.resolve();
      }
    } finally {
      this.running = false;
    }
  }

  private async state(gameId: string, fresh: boolean): Promise<TLiveRoom | null> {
    if (!fresh) {
      const mine = this.working.get(gameId);
      if (mine) return mine;
      const live = await this.ctx.live.get(gameId);
      if (live) return live;
    }
    return loadState(this.ctx.db, gameId);
  }

  /** Decides and commits a batch; answers what is left to do after the commit: the pushes and the answers. */
  private async commit(batch: Pending[]): Promise<() => Promise<void>> {
    const ctx = this.ctx;
    const byGame = new Map<string, Pending[]>();
    for (const item of batch) byGame.set(item.gameId, [...(byGame.get(item.gameId) ?? []), item]);
    const now = Date.now();
    const at = new Date(now);
    const withIds = batch.flatMap((i) => (i.commandId ? [{ gameId: i.gameId, commandId: i.commandId }] : []));
    const [known, loaded] = await Promise.all([
      knownCommands(ctx.db, withIds),
      Promise.all([...byGame.keys()].map(async (id) => [id, await this.state(id, (byGame.get(id)?.[0]?.attempts ?? 0) > 0)] as const)),
    ]);

    const changes: (Change & { rows: LogRow[]; outcomes: Outcome[] })[] = [];
    const settled: Outcome[] = [];
    for (const [gameId, state] of loaded) {
      const items = byGame.get(gameId) ?? [];
      if (!state) {
        for (const item of items) settled.push({ item, ok: false, error: notFound('Game not found') });
        continue;
      }
      const sv = await ctx.catalog.get(state.game.storylineId, state.game.storylineVersion);
      let s = state;
      const rows: LogRow[] = [];
      const outcomes: Outcome[] = [];
      const idsInBatch = new Set<string>();
      for (const item of items) {
        if (item.commandId && (known.has(`${gameId}:${item.commandId}`) || idsInBatch.has(item.commandId))) {
          outcomes.push({ item, ok: true, state: null });
          continue;
        }
        try {
          const d = decide(s, item.command, engineActor(s, item.sender), sv, now);
          if (!d.ok) {
            outcomes.push({ item, ok: false, error: refusalError(d) });
            continue;
          }
          d.events.forEach((event, i) => {
            s = evolve(s, event, s.version + 1);
            rows.push({ gameId, seq: s.version, event, actor: senderLabel(item.sender), commandId: i === 0 ? (item.commandId ?? null) : null });
          });
          if (item.commandId && d.events.length > 0) idsInBatch.add(item.commandId);
          outcomes.push({ item, ok: true, state: s });
        } catch (error) {
          outcomes.push({ item, ok: false, error });
        }
      }
      if (rows.length === 0) settled.push(...outcomes.map((o) => (o.ok && !o.state ? { ...o, state: s } : o)));
      else changes.push({ before: state, after: s, sv, rows, outcomes });
    }

    let lost = new Set<string>();
    if (changes.length > 0) {
      try {
        lost = await ctx.db.transaction().execute(async (tx) => {
          const all = changes.flatMap((c) => c.rows);
          const written = await appendEvents(tx, all, at);
          const losing = changes.filter((c) => c.rows.some((r) => !isWritten(written, r)));
          if (losing.length > 0) await removeEvents(tx, losing.flatMap((c) => c.rows.filter((r) => isWritten(written, r))));
          const won = changes.filter((c) => !losing.includes(c));
          await project(tx, won, at);
          await saveSnapshots(
            tx,
            won.filter((c) => Math.floor(c.after.version / SNAPSHOT_EVERY) > Math.floor((c.before?.version ?? 0) / SNAPSHOT_EVERY)).map((c) => c.after),
            at,
          );
          return new Set(losing.map((c) => c.after.game.id));
        });
      } catch (err) {
        for (const c of changes) this.working.delete(c.after.game.id);
        throw err;
      }
    }

    // The live rooms of every game in the commit are written together (one pipelined round trip, not one per game).
    const won = changes.filter((c) => !lost.has(c.after.game.id));
    await Promise.all(
      won.map((c) => ctx.live.put(c.after, liveTtl(c.after)).catch((err) => ctx.log.warn({ err, gameId: c.after.game.id }, 'live store write failed'))),
    );
    const retry: Pending[] = [];
    for (const c of changes) {
      if (!lost.has(c.after.game.id)) continue;
      // Another writer appended first: decide these commands again on the state the log now holds.
      this.working.delete(c.after.game.id);
      for (const o of c.outcomes) {
        if (o.item.attempts + 1 >= MAX_ATTEMPTS) o.item.reject(new AppError('UNAVAILABLE', 'The game is busy, please try again'));
        else retry.push({ ...o.item, attempts: o.item.attempts + 1 });
      }
    }
    if (retry.length > 0) this.queue.unshift(...retry);
    // The next batch decides on these states, even before this one's pushes have gone out.
    for (const c of won) this.working.set(c.after.game.id, c.after);
    return async () => {
      for (const c of won) {
        // The commit stands whatever becomes of its pushes, so its commands are answered. A game whose pushes
        // failed is not marked published: the publisher's sweep of the log pushes it again.
        try {
          await afterCommit(ctx, c.before, c.after, c.sv, c.rows);
          this.publisher.published(c.after.game.id, c.after.version);
        } catch (err) {
          ctx.log.error({ err, gameId: c.after.game.id }, 'pushes after a commit failed');
        }
        settled.push(...c.outcomes.map((o) => (o.ok && !o.state ? { ...o, state: c.after } : o)));
      }
      for (const o of settled) {
        if (o.ok) o.item.resolve(o.state as TLiveRoom);
        else o.item.reject(o.error);
      }
    };
  }
}

const buses = new WeakMap<AppContext, CommandBus>();
export function commandBus(ctx: AppContext): CommandBus {
  let bus = buses.get(ctx);
  if (!bus) buses.set(ctx, (bus = new CommandBus(ctx)));
  return bus;
}

/** Runs one command through the command path; answers the game's state right after it. */
export function runCommand(ctx: AppContext, gameId: string, command: TGameCommand, sender: Sender, commandId?: string): Promise<TLiveRoom> {
  return commandBus(ctx).submit(gameId, command, sender, commandId);
}

/** REST and socket reads of live state: from the live store; loaded from the log if missing (Redis flushed). */
export async function readRoom(ctx: AppContext, gameId: string): Promise<TLiveRoom> {
  let room = await ctx.live.get(gameId);
  if (!room) {
    room = await loadState(ctx.db, gameId);
    if (!room) throw notFound('Game not found');
    await ctx.live.put(room, liveTtl(room));
  }
  if (room.game.deletedAt) throw gameDeleted();
  return room;
}
