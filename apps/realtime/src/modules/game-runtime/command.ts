import { RefusalErrorCode, decide, evolve, type Refused, type TGameCommand, type TGameState } from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { AppError, gameDeleted, notFound, unauthorized } from '../../lib/app-error.js';
import { createBoundedCache } from '../../lib/bounded-cache.js';
import { UNAVAILABLE_MESSAGE } from '../../lib/redis-client.js';
import { currentRoles } from '../auth/users.repository.js';
import { liveTtl } from '../../live/live-store.js';
import { engineActor, senderLabel, type Sender } from './access.js';
import { UNKNOWN_USER_MESSAGE } from '../auth/principal.js';
import { isUniqueViolation } from '../../db/pg-error.js';
import { MAX_PARAMS, SNAPSHOT_EVERY, appendEvents, commitStatement, isWritten, knownCommands, loadState, removeEvents, saveSnapshots, snapshotWrite, type LogRow } from './event-store.js';
import { project, projection, type Change } from './projector.js';
import { createPublisher } from './publisher.js';
import { afterCommit } from './reactions.js';
import { PushQueue, type CommittedChange, type PendingPush } from './push-queue.js';
import type { RunAsServer } from './run-as-server.js';

interface Pending {
  gameId: string;
  command: TGameCommand;
  sender: Sender;
  commandId: string | undefined;
  attempts: number;
  resolve(state: TGameState): void;
  reject(err: unknown): void;
}

/** What a command came to in a batch, settled only once the batch's commit is known. */
interface Outcome {
  item: Pending;
  ok: boolean;
  /** For a success: the game's state after the command (or at the end of the batch, if it changed nothing). */
  state: TGameState | null;
  error?: unknown;
}

/**
 * Commands that arrive while a commit runs go into the next one; at most this many per commit. Under load a big
 * batch is what keeps up: each game's commands of a batch cost one push to its phones and one live-room write,
 * however many they are. A batch whose statement would exceed the bind-parameter limit commits the games that
 * fit and leaves the others to the next commit.
 */
const MAX_BATCH = 5000;
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
  private readonly working = createBoundedCache<string, TGameState>(20_000);
  /** Commits taken so far (each batch's number). */
  private commits = 0;
  /** Settled once the last batch taken has answered its senders. */
  private answered: Promise<unknown> = Promise.resolve();
  private readonly pushes = new PushQueue((p) => this.push(p));
  readonly publisher;

  constructor(
    private readonly ctx: AppContext,
    /** Bind parameters one commit statement may carry (lowered only by tests, to split small batches). */
    private readonly maxParams = MAX_PARAMS,
  ) {
    this.publisher = createPublisher(ctx, (gameId) => this.forget(gameId));
  }

  submit(gameId: string, command: TGameCommand, sender: Sender, commandId?: string): Promise<TGameState> {
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

  /** A command the server sends on its own (a timer's end): the side effects of a commit get it, not the bus. */
  private readonly runAsServer: RunAsServer = (gameId, command) => this.submit(gameId, command, { kind: 'system' });

  /** Forget this instance's copy (another path changed the game, e.g. a test fixture writing events). */
  forget(gameId: string): void {
    this.working.delete(gameId);
  }

  private async pump(): Promise<void> {
    // Each batch's reads and statement run while the previous batches' pushes go out (the push queue), so the
    // process is not idle while Postgres commits and a sender's answer never waits for pushes. Answers (the live
    // rooms, then the senders) go out in commit order, each batch's as soon as its commit is known.
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, MAX_BATCH);
        const id = ++this.commits;
        const games = new Set(batch.map((i) => i.gameId));
        this.pushes.started(id, games);
        const finish = await this.commit(batch).catch((err: unknown) => {
          this.ctx.log.error({ err }, 'command batch failed');
          for (const item of batch) item.reject(err);
          return null;
        });
        // Not awaited: the next batch is decided and committed meanwhile. Its live rooms' writes go out at once;
        // its answers and its pushes follow the batch before.
        const previous = this.answered;
        const answered = finish ? finish.answer(previous) : previous.then(() => []);
        this.answered = answered.catch(() => undefined);
        void answered.then((w) => this.pushes.ended(id, games, w)).catch((err: unknown) => this.ctx.log.error({ err }, 'answers after a commit failed'));
      }
    } finally {
      this.running = false;
    }
  }

  private async state(gameId: string, fresh: boolean): Promise<TGameState | null> {
    if (!fresh) {
      const mine = this.working.get(gameId);
      if (mine) return mine;
      const live = await this.ctx.live.get(gameId);
      if (live) return live;
    }
    return loadState(this.ctx.db, gameId);
  }

  /**
   * Decides and commits a batch; answers what is left to do after the commit: `answer` writes the live rooms,
   * answers the senders and hands over the changes to push.
   */
  private async commit(batch: Pending[]): Promise<{ answer(previous: Promise<unknown>): Promise<CommittedChange[]> }> {
    const ctx = this.ctx;
    const byGame = new Map<string, Pending[]>();
    for (const item of batch) byGame.set(item.gameId, [...(byGame.get(item.gameId) ?? []), item]);
    const now = Date.now();
    const at = new Date(now);
    // A retry of an applied command is recognised by its id in the log. On a first attempt that lookup is left
    // out: an applied command decided again either is refused (looked up below) or appends a row with its id,
    // which the log's unique (game, command id) turns into a lost race, and lost races come back as retries.
    const retried = batch.flatMap((i) => (i.commandId && i.attempts > 0 ? [{ gameId: i.gameId, commandId: i.commandId }] : []));
    const [known, loaded] = await Promise.all([
      knownCommands(ctx.db, retried),
      Promise.all([...byGame.keys()].map(async (id) => [id, await this.state(id, (byGame.get(id)?.[0]?.attempts ?? 0) > 0)] as const)),
    ]);

    const changes: (Change & { rows: LogRow[]; outcomes: Outcome[] })[] = [];
    const settled: Outcome[] = [];
    const senders = await this.withCurrentRoles(batch, new Map(loaded));
    /** Refusals of commands with an id, answered as success if the log already holds that id. */
    const refusedWithId: { gameId: string; commandId: string; outcome: Outcome }[] = [];
    /** Each game's state at the end of the batch: what a command answered without a change of its own carries. */
    const ending = new Map<string, TGameState>();
    for (const [gameId, state] of loaded) {
      const items = byGame.get(gameId) ?? [];
      if (!state) {
        for (const item of items) settled.push({ item, ok: false, state: null, error: notFound('Game not found') });
        continue;
      }
      const storyline = await ctx.catalog.get(state.game.storylineId, state.game.storylineVersion);
      let s = state;
      const rows: LogRow[] = [];
      const outcomes: Outcome[] = [];
      const idsInBatch = new Set<string>();
      for (const item of items) {
        if (item.commandId && (known.has(`${gameId}:${item.commandId}`) || idsInBatch.has(item.commandId))) {
          outcomes.push({ item, ok: true, state: null });
          continue;
        }
        const sender = senders.get(item);
        if (!sender) {
          outcomes.push({ item, ok: false, state: null, error: unauthorized(UNKNOWN_USER_MESSAGE) });
          continue;
        }
        try {
          const d = decide(s, item.command, engineActor(s, sender), storyline, now);
          if (!d.ok) {
            const outcome: Outcome = { item, ok: false, state: null, error: refusalError(d) };
            outcomes.push(outcome);
            if (item.commandId && item.attempts === 0) refusedWithId.push({ gameId, commandId: item.commandId, outcome });
            continue;
          }
          const from = s.version;
          d.events.forEach((event, i) => {
            rows.push({ gameId, seq: from + i + 1, event, actor: senderLabel(sender), commandId: i === 0 ? (item.commandId ?? null) : null });
          });
          s = d.state ?? d.events.reduce((acc, event) => evolve(acc, event), s);
          if (item.commandId && d.events.length > 0) idsInBatch.add(item.commandId);
          outcomes.push({ item, ok: true, state: s });
        } catch (error) {
          outcomes.push({ item, ok: false, state: null, error });
        }
      }
      ending.set(gameId, s);
      for (const o of outcomes) if (o.ok && !o.state) o.state = s;
      if (rows.length === 0) settled.push(...outcomes);
      else changes.push({ before: state, after: s, storyline, rows, outcomes });
    }
    if (refusedWithId.length > 0) {
      const applied = await knownCommands(ctx.db, refusedWithId);
      for (const r of refusedWithId) {
        if (!applied.has(`${r.gameId}:${r.commandId}`)) continue;
        r.outcome.ok = true;
        r.outcome.state = ending.get(r.gameId) ?? null;
      }
    }

    const { lost, deferred } = changes.length > 0 ? await this.append(changes, at) : { lost: new Set<string>(), deferred: [] };
    const committed = changes.slice(0, changes.length - deferred.length);
    const won = committed.filter((c) => !lost.has(c.after.game.id));
    const retry: Pending[] = [];
    for (const c of committed) {
      if (!lost.has(c.after.game.id)) continue;
      // Another writer appended first: decide these commands again on the state the log now holds.
      this.working.delete(c.after.game.id);
      for (const o of c.outcomes) {
        if (o.item.attempts + 1 >= MAX_ATTEMPTS) o.item.reject(new AppError('UNAVAILABLE', 'The game is busy, please try again'));
        else retry.push({ ...o.item, attempts: o.item.attempts + 1 });
      }
    }
    // Deferred games wrote nothing: their commands are decided again, first thing in the next commit.
    for (const c of deferred) for (const o of c.outcomes) retry.push(o.item);
    if (retry.length > 0) this.queue.unshift(...retry);
    // The next batch decides on these states, even before this one's live rooms and pushes have gone out.
    for (const c of won) {
      this.working.set(c.after.game.id, c.after);
      this.publisher.pushing(c.after.game.id, c.after.version);
    }
    const answer = async (previous: Promise<unknown>) => {
      // The live rooms of every game in the commit are written together (one pipelined round trip), in commit
      // order (sent as soon as the commit is known, on the one connection; the store also refuses an older
      // version over a newer one), and before anyone hears of the new versions.
      const written = Promise.all(
        won.map((c) => ctx.live.put(c.after, liveTtl(c.after)).catch((err) => ctx.log.warn({ err, gameId: c.after.game.id }, 'live store write failed'))),
      );
      // Senders are answered in commit order. A batch that writes is behind the batch ahead of it already (the
      // writes share one connection, answered in order); one that writes nothing (all refused) waits for it, or a
      // refusal could be answered before the success it follows from.
      await (won.length > 0 ? written : previous);
      // The commit is durable and readable now, so its senders are answered before any push (a phone's delta
      // then waits behind one answer per command, not each answer behind the whole batch's pushes).
      for (const c of won) settled.push(...c.outcomes);
      for (const o of settled) {
        if (o.ok) o.item.resolve(o.state as TGameState);
        else o.item.reject(o.error);
      }
      return won;
    };
    return { answer };
  }

  /**
   * Pushes a game's pending change (from `from`, the state its phones were last pushed) and runs its side effects.
   * A game whose pushes failed is not marked published: the publisher's sweep of the log pushes it again.
   */
  private async push({ from, after, storyline, rows }: PendingPush): Promise<void> {
    try {
      await afterCommit(this.ctx, from, after, storyline, rows, this.runAsServer);
      if (from) this.publisher.published(after.game.id, after.version);
    } catch (err) {
      this.ctx.log.error({ err, gameId: after.game.id }, 'pushes after a commit failed');
    }
  }

  /**
   * Each command's sender with the admin right the database holds now (not the one its token was signed with), so
   * a revoked admin loses it at once. Only a user acting on a game they do not host needs it looked up: the host
   * acts as the host whatever their role. A user the database no longer has is missing from the answer.
   */
  private async withCurrentRoles(batch: readonly Pending[], states: ReadonlyMap<string, TGameState | null>): Promise<Map<Pending, Sender>> {
    const senders = new Map<Pending, Sender>();
    const lookup: Pending[] = [];
    for (const item of batch) {
      const s = item.sender;
      if (s.kind === 'user' && states.get(item.gameId)?.game.hostUserId !== s.userId) lookup.push(item);
      else senders.set(item, s);
    }
    if (lookup.length === 0) return senders;
    const roles = await currentRoles(this.ctx.db, lookup.map((i) => (i.sender as Extract<Sender, { kind: 'user' }>).userId));
    for (const item of lookup) {
      const s = item.sender as Extract<Sender, { kind: 'user' }>;
      const role = roles.get(s.userId);
      if (role) senders.set(item, { ...s, role });
    }
    return senders;
  }

  /**
   * Appends the changes' events and their projections, and answers the games that lost a race. Usually one SQL
   * statement does it all; if it fails on a unique key (another instance appended first, or a retried command
   * was applied already), the batch is committed again in a transaction that tells which games lost.
   * A batch too big for one statement commits its first games and answers the rest as deferred (nothing of
   * theirs is written).
   */
  private async append<C extends Change & { rows: LogRow[] }>(all: readonly C[], at: Date): Promise<{ lost: Set<string>; deferred: C[] }> {
    const db = this.ctx.db;
    const snapshotDue = (c: Change) => Math.floor(c.after.version / SNAPSHOT_EVERY) > Math.floor((c.before?.version ?? 0) / SNAPSHOT_EVERY);
    const statementOf = (cs: readonly C[]) => {
      const snapshots = snapshotWrite(db, cs.filter(snapshotDue).map((c) => c.after), at);
      return commitStatement(db, cs.flatMap((c) => c.rows), [...projection(db, cs, at), ...(snapshots ? [snapshots] : [])], at);
    };
    let changes = all;
    let statement = statementOf(changes);
    while (statement.parameters.length > this.maxParams && changes.length > 1) {
      changes = changes.slice(0, Math.max(1, Math.floor((changes.length * this.maxParams * 0.9) / statement.parameters.length)));
      statement = statementOf(changes);
    }
    const deferred = all.slice(changes.length);
    try {
      try {
        await db.executeQuery(statement);
        return { lost: new Set(), deferred };
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
      }
      const lost = await db.transaction().execute(async (tx) => {
        const written = await appendEvents(tx, changes.flatMap((c) => c.rows), at);
        const losing = changes.filter((c) => c.rows.some((r) => !isWritten(written, r)));
        if (losing.length > 0) await removeEvents(tx, losing.flatMap((c) => c.rows.filter((r) => isWritten(written, r))));
        const won = changes.filter((c) => !losing.includes(c));
        await project(tx, won, at);
        await saveSnapshots(tx, won.filter(snapshotDue).map((c) => c.after), at);
        return new Set(losing.map((c) => c.after.game.id));
      });
      return { lost, deferred };
    } catch (err) {
      // Whatever this instance's copies say may not be in the log: the next commands start from the log.
      for (const c of changes) this.working.delete(c.after.game.id);
      throw err;
    }
  }
}

const buses = new WeakMap<AppContext, CommandBus>();
export function commandBus(ctx: AppContext): CommandBus {
  let bus = buses.get(ctx);
  if (!bus) buses.set(ctx, (bus = new CommandBus(ctx)));
  return bus;
}

/**
 * The one door for a game command: the command table's REST routes and socket events, the guest doors (join,
 * rejoin, claims, watch) and the server's own commands all run through it. Answers the game's state right after it.
 */
export function runGameCommand(ctx: AppContext, gameId: string, command: TGameCommand, sender: Sender, commandId?: string): Promise<TGameState> {
  return commandBus(ctx).submit(gameId, command, sender, commandId);
}

/** REST and socket reads of live state: from the live store; loaded from the log if missing (Redis flushed). */
export async function readRoom(ctx: AppContext, gameId: string): Promise<TGameState> {
  let room = await ctx.live.get(gameId);
  if (!room) {
    room = await loadState(ctx.db, gameId);
    if (!room) throw notFound('Game not found');
    await ctx.live.put(room, liveTtl(room));
  }
  if (room.game.deletedAt) throw gameDeleted();
  return room;
}
