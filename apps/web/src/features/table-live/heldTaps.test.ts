import { afterEach, describe, expect, it, vi } from 'vitest';
import { useGameRoom } from '../../store/gameRoom';
import { heldCount, sendOrHold } from './heldTaps';

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('host taps while offline', () => {
  afterEach(() => useGameRoom.getState().setStatus('idle'));

  it('sends at once while connected', async () => {
    useGameRoom.getState().setStatus('connected');
    const send = vi.fn(async () => undefined);
    expect(await sendOrHold('advance', 'Next phase', send)).toBe(true);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('holds a tap while offline (the newest of a kind wins) and sends it once the connection is back', async () => {
    useGameRoom.getState().setStatus('offline');
    const first = vi.fn(async () => undefined);
    const second = vi.fn(async () => undefined);
    const reveal = vi.fn(async () => undefined);
    expect(await sendOrHold('advance', 'Next phase', first)).toBe(false);
    expect(await sendOrHold('advance', 'Next phase', second)).toBe(false);
    expect(await sendOrHold('reveal', 'Reveal the Killer', reveal)).toBe(false);
    expect(heldCount()).toBe(2);
    useGameRoom.getState().setStatus('reconnecting');
    await flush();
    expect(second).not.toHaveBeenCalled();
    useGameRoom.getState().setStatus('connected');
    await flush();
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
    expect(reveal).toHaveBeenCalledTimes(1);
    expect(heldCount()).toBe(0);
  });
});
