import { describe, expect, it } from 'vitest';
import { formatClock, remainingSeconds, selectionHint, toggleSuspect } from './selection';

describe('toggleSuspect', () => {
  it('adds up to three and refuses a fourth', () => {
    let sel: string[] = [];
    for (const id of ['a', 'b', 'c']) {
      const r = toggleSuspect(sel, id);
      expect(r.ok).toBe(true);
      if (r.ok) sel = r.selection;
    }
    expect(sel).toEqual(['a', 'b', 'c']);
    expect(toggleSuspect(sel, 'd')).toEqual({ ok: false, reason: 'max' });
  });
  it('removes a selected suspect', () => {
    expect(toggleSuspect(['a', 'b'], 'a')).toEqual({ ok: true, selection: ['b'] });
  });
});

describe('selectionHint', () => {
  it.each([
    [0, 'Select 3 more suspect(s)'],
    [2, 'Select 1 more suspect(s)'],
    [3, 'Ready to submit your votes'],
  ])('counts down to ready: %i chosen', (chosen, hint) => {
    expect(selectionHint(chosen)).toBe(hint);
  });
});

describe('remainingSeconds', () => {
  it('uses the server clock estimate', () => {
    // the server is 5 s ahead of this phone: 2 minutes from the server's start, 5 s have already gone
    expect(remainingSeconds(1_000_000 + 120_000, 1_000_000, 5_000)).toBe(115);
    // a little network delay in the estimate never shows more than the full 2 minutes
    expect(remainingSeconds(1_000_000 + 120_000, 1_000_000, -40, 120_000)).toBe(120);
    expect(remainingSeconds(10_000, 20_000, 0)).toBe(0);
  });
  it('formats m:ss', () => {
    expect(formatClock(120)).toBe('2:00');
    expect(formatClock(65)).toBe('1:05');
  });
});
