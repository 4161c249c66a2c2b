import { describe, expect, it } from 'vitest';
import { bestToastTop } from './toastPlacement';

describe('bestToastTop', () => {
  const base = { toastHeight: 80, minTop: 16, maxTop: 600, step: 8 };
  it('stays at the bottom when nothing is there', () => {
    expect(bestToastTop({ ...base, obstacles: [{ top: 0, bottom: 60, weight: 5 }] })).toBe(600);
  });
  it('moves up past a button at the bottom, to the first free place', () => {
    expect(bestToastTop({ ...base, obstacles: [{ top: 560, bottom: 700, weight: 10 }] })).toBe(480);
  });
  it('never covers a header or a button when a gap between them fits', () => {
    const obstacles = [
      { top: 0, bottom: 120, weight: 5 },
      { top: 300, bottom: 700, weight: 10 },
    ];
    const y = bestToastTop({ ...base, obstacles });
    expect(y).toBeGreaterThanOrEqual(120);
    expect(y + 80).toBeLessThanOrEqual(300);
  });
  it('covers the least when the screen is full: a heading rather than a button', () => {
    const obstacles = [
      { top: 0, bottom: 200, weight: 5 },
      { top: 200, bottom: 700, weight: 10 },
    ];
    expect(bestToastTop({ ...base, obstacles })).toBeLessThanOrEqual(120);
  });
});
