import { afterEach, describe, expect, it, vi } from 'vitest';
import { REVEAL_FIRST_WAIT_MS, type TGameState } from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { scheduleRevealStep, stopRevealTimers } from './reveal-timer.js';

const ctx = { log: { warn: vi.fn() } } as unknown as AppContext;
/** A completed game at the verdict step, whose first automatic step is due `inMs` from now. */
const completedRoom = (inMs: number) =>
  ({ game: { id: 'g1', status: 'completed' }, reveal: { step: 0, at: Date.now() + inMs - REVEAL_FIRST_WAIT_MS, by: 'auto' } }) as unknown as TGameState;

describe('the reveal timer', () => {
  afterEach(() => {
    stopRevealTimers(ctx);
    vi.restoreAllMocks();
  });

  it('asks for the next step once it is due, even when the timer fires before the wall clock gets there', async () => {
    const room = completedRoom(30);
    const due = (room.reveal?.at ?? 0) + REVEAL_FIRST_WAIT_MS;
    // The engine decides the step at the bus's clock, just after the ask: it must read `due` or later by then.
    const askedAt: number[] = [];
    const runAsServer = vi.fn(() => {
      askedAt.push(Date.now());
      return Promise.resolve();
    });
    scheduleRevealStep(ctx, runAsServer, room);
    // The wall clock reads a millisecond short of `due` when the timer fires (as a timer rounded early can).
    const realNow = Date.now.bind(Date);
    let early = true;
    vi.spyOn(Date, 'now').mockImplementation(() => {
      const t = realNow();
      if (early && t >= due - 1) {
        early = false;
        return due - 1;
      }
      return t;
    });
    await vi.waitFor(() => expect(runAsServer).toHaveBeenCalledTimes(1), { timeout: 1000 });
    expect(askedAt[0]).toBeGreaterThanOrEqual(due);
    expect(runAsServer).toHaveBeenCalledWith('g1', { type: 'advance_reveal', toStep: 1 });
  });
});
