import type { TGameEvent, TGameState } from '@ss/protocol';
import { describe, expect, it } from 'vitest';
import type { StorylineVersion } from '../storylines/storyline-catalog.js';
import type { LogRow } from './event-store.js';
import { PushQueue, type CommittedChange, type PendingPush } from './push-queue.js';

// The queue reads only a state's game id and version; the rest of a state does not matter to it.
const state = (gameId: string, version: number) => ({ game: { id: gameId }, version }) as unknown as TGameState;
const storyline = {} as StorylineVersion;
const ballot = { type: 'suspect_ballot_cast' } as TGameEvent;
const phase = { type: 'phase_changed', from: 1, to: 2 } as TGameEvent;

/** A commit of `gameId` from version `from` to `to`, each event a ballot unless given. */
function change(gameId: string, from: number, to: number, event: TGameEvent = ballot): CommittedChange {
  const rows: LogRow[] = [];
  for (let seq = from + 1; seq <= to; seq++) rows.push({ gameId, seq, event, actor: 'system', commandId: null });
  return { before: state(gameId, from), after: state(gameId, to), storyline, rows };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

function recorder() {
  const pushed: { game: string; from: number | null; to: number; seqs: number[] }[] = [];
  const queue = new PushQueue(async (p: PendingPush) => {
    pushed.push({ game: p.after.game.id, from: p.from?.version ?? null, to: p.after.version, seqs: p.rows.map((r) => r.seq) });
  });
  return { queue, pushed };
}

describe('PushQueue', () => {
  it('pushes each commit once, from the version the phones were last pushed', async () => {
    const { queue, pushed } = recorder();
    queue.started(1, ['a', 'b']);
    queue.ended(1, ['a', 'b'], [change('a', 3, 4), change('b', 7, 9)]);
    await settle();
    expect(pushed).toEqual([
      { game: 'a', from: 3, to: 4, seqs: [4] },
      { game: 'b', from: 7, to: 9, seqs: [8, 9] },
    ]);
  });

  it('joins commits of a game whose push has not gone out yet into one push', async () => {
    const { queue, pushed } = recorder();
    queue.started(1, ['a']);
    queue.ended(1, ['a'], [change('a', 3, 4)]);
    queue.started(2, ['a']);
    queue.ended(2, ['a'], [change('a', 4, 6)]);
    await settle();
    expect(pushed).toEqual([{ game: 'a', from: 3, to: 6, seqs: [4, 5, 6] }]);
  });

  /** Game a's commit 1 (a ballot) ends while its commit 2 runs: its push is held. */
  async function heldForCommit2() {
    const { queue, pushed } = recorder();
    queue.started(1, ['a']);
    queue.started(2, ['a']);
    queue.ended(1, ['a'], [change('a', 3, 4)]);
    await settle();
    expect(pushed).toEqual([]);
    return { queue, pushed };
  }

  it('holds a ballot push for the game commit that is running, once, and sends it with that commit', async () => {
    const { queue, pushed } = await heldForCommit2();
    // Commit 3 of the game is taken before commit 2 is answered: the held push does not wait a second time.
    queue.started(3, ['a']);
    queue.ended(2, ['a'], [change('a', 4, 5)]);
    await settle();
    expect(pushed).toEqual([{ game: 'a', from: 3, to: 5, seqs: [4, 5] }]);
    queue.ended(3, ['a'], []);
    await settle();
    expect(pushed).toHaveLength(1);
  });

  it('sends a held push alone when the running commit changes nothing of its game', async () => {
    const { queue, pushed } = await heldForCommit2();
    queue.ended(2, ['a'], []);
    await settle();
    expect(pushed).toEqual([{ game: 'a', from: 3, to: 4, seqs: [4] }]);
  });

  it('does not hold a push whose events have side effects ordered after them', async () => {
    const { queue, pushed } = recorder();
    queue.started(1, ['a']);
    queue.started(2, ['a']);
    queue.ended(1, ['a'], [change('a', 3, 4, phase)]);
    await settle();
    expect(pushed).toEqual([{ game: 'a', from: 3, to: 4, seqs: [4] }]);
  });

  it('keeps other games moving while one is held, and pushes commits that arrive during a drain in the same drain', async () => {
    const pushed: string[] = [];
    let queue: PushQueue | null = null;
    let added = false;
    queue = new PushQueue(async (p) => {
      pushed.push(`${p.after.game.id}@${p.after.version}`);
      if (!added) {
        added = true;
        queue?.started(5, ['c']);
        queue?.ended(5, ['c'], [change('c', 0, 1)]);
      }
    });
    queue.started(1, ['a', 'b']);
    queue.started(2, ['a']);
    queue.ended(1, ['a', 'b'], [change('a', 1, 2), change('b', 1, 2)]);
    await settle();
    expect(pushed).toEqual(['b@2', 'c@1']);
    queue.ended(2, ['a'], [change('a', 2, 3)]);
    await settle();
    expect(pushed).toEqual(['b@2', 'c@1', 'a@3']);
  });
});
