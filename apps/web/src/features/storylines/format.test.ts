import { describe, expect, it } from 'vitest';
import { formatPrice, playerRange } from './format';

describe('storyline formatting', () => {
  it('shows cents / 100 with two decimals', () => {
    expect(formatPrice(2999)).toBe('$29.99');
    expect(formatPrice(0)).toBe('$0.00');
    expect(formatPrice(500)).toBe('$5.00');
  });
  it('shows the player range', () => {
    expect(playerRange(4, 20)).toBe('4-20 players');
    expect(playerRange(6, 6)).toBe('6 players');
  });
});
