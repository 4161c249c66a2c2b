import { describe, expect, it } from 'vitest';
import { neighbours, shouldSwipeClose } from './MediaViewer';

describe('shouldSwipeClose', () => {
  it('closes on a swipe down of more than 100 px when not zoomed in', () => {
    expect(shouldSwipeClose(101, 1)).toBe(true);
    expect(shouldSwipeClose(101, 1.1)).toBe(true);
  });
  it('does not close on a short swipe, an upward swipe or while zoomed in', () => {
    expect(shouldSwipeClose(100, 1)).toBe(false);
    expect(shouldSwipeClose(-300, 1)).toBe(false);
    expect(shouldSwipeClose(300, 1.2)).toBe(false);
  });
});

describe('neighbours', () => {
  it('answers the items either side, within bounds', () => {
    expect(neighbours(0, 3)).toEqual([1]);
    expect(neighbours(1, 3)).toEqual([0, 2]);
    expect(neighbours(2, 3)).toEqual([1]);
    expect(neighbours(0, 1)).toEqual([]);
  });
});
