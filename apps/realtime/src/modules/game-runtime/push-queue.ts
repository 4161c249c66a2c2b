import type { TGameState } from '@ss/protocol';
import type { StorylineVersion } from '../storylines/storyline-catalog.js';
import type { LogRow } from './event-store.js';
import type { Change } from './projector.js';
import { pushMayWait } from './reactions.js';

/** A game's committed change not yet pushed: from the state its phones were last pushed to the latest commit. */
export interface PendingPush {
  from: TGameState | null;
  after: TGameState;
  storyline: StorylineVersion;
  /** The events of every commit it covers, in log order. */
  rows: LogRow[];
  /** It was passed over once for a commit of its game that was running; it is not passed over again. */
  held: boolean;
}

/** One game's commit, as the command bus hands it over once its live room is written and its senders answered. */
export type CommittedChange = Change & { rows: LogRow[] };

/**
 * How many games' pushes go out between two yields to I/O. Small, so ballots arriving and commits coming back are
 * not held behind a run of pushes: at 500 rooms, 4 against 16 took the ack p50 from 65-81 to 35-38 ms and the p99
 * from 114-162 to 77-126 ms (three alternated pairs); 1 was no better than 4.
 */
const PUSH_SLICE = 4;

/**
 * The pushes of committed changes, apart from the commits: the next commit never waits for a push, so a sender's
 * answer waits only for the commits before its own. Each game has at most one push pending; a commit of a game
 * whose push has not gone out yet joins it, so when pushes fall behind the commits, each push covers more commits
 * (one frame per phone for all of them) instead of the backlog growing. Pushes leave in the order their games
 * first had one pending (a push passed over goes to the back), and each game's in log order.
 *
 * A push of events that may wait (votes, joins, the cast being dealt: no side effect is ordered after them) is
 * passed over once while its game's next commit is running, and goes out with it: under load most games have
 * commands in every commit, and this halves their frames.
 */
export class PushQueue {
  private readonly pending = new Map<string, PendingPush>();
  /** Games with commands in a commit that is running, by that commit's number. */
  private readonly committing = new Map<string, number>();
  private draining = false;

  constructor(private readonly push: (p: PendingPush) => Promise<void>) {}

  /** A commit (numbered in order) with commands of these games has started. */
  started(commit: number, gameIds: Iterable<string>): void {
    for (const id of gameIds) this.committing.set(id, commit);
  }

  /** That commit is over (committed and answered, or failed): its changes join the pending pushes. */
  ended(commit: number, gameIds: Iterable<string>, changes: readonly CommittedChange[]): void {
    for (const c of changes) {
      const gameId = c.after.game.id;
      const p = this.pending.get(gameId);
      if (!p)
        this.pending.set(gameId, {
          from: c.before,
          after: c.after,
          storyline: c.storyline,
          rows: [...c.rows],
          held: false,
        });
      else {
        p.from ??= c.before;
        p.after = c.after;
        p.storyline = c.storyline;
        p.rows.push(...c.rows);
      }
    }
    for (const id of gameIds) {
      if (this.committing.get(id) === commit) this.committing.delete(id);
      // A push passed over for this commit goes to the back of the queue, where a drain that is running finds it.
      const p = this.pending.get(id);
      if (p?.held) {
        this.pending.delete(id);
        this.pending.set(id, p);
      }
    }
    if (!this.draining && this.pending.size > 0) {
      this.draining = true;
      // The commit's answers and the next commit's reads go first.
      setImmediate(() => void this.drain());
    }
  }

  private async drain(): Promise<void> {
    try {
      let visited = 0;
      // A Map's iteration also visits games added during it, so pushes that arrive meanwhile go out in this pass.
      for (const [gameId, p] of this.pending) {
        if (++visited % PUSH_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
        if (!p.held && this.committing.has(gameId) && pushMayWait(p.rows)) {
          p.held = true;
          continue;
        }
        this.pending.delete(gameId);
        await this.push(p);
      }
    } finally {
      this.draining = false;
    }
  }
}
