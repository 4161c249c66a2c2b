import { describe, expect, it } from 'vitest';
import { formatDiscount, formatUses, isExpired, wholeNumber } from './discountsApi';

describe('discount code display', () => {
  it('shows percent or dollars, uses with infinity, expiry and whole numbers', () => {
    expect(formatDiscount('percentage', 25)).toBe('25%');
    expect(formatDiscount('fixed_amount', 500)).toBe('$5.00');
    expect(formatDiscount('fixed_amount', 1999)).toBe('$19.99');
    expect(formatUses(2, null)).toBe('2/∞');
    expect(formatUses(3, 10)).toBe('3/10');
    expect(isExpired(null)).toBe(false);
    expect(isExpired('2000-01-01T00:00:00Z')).toBe(true);
    expect(isExpired(new Date(Date.now() + 60_000).toISOString())).toBe(false);
    expect(wholeNumber(' 30 ')).toBe(30);
    expect(wholeNumber('')).toBeNull();
    expect(wholeNumber('2.5')).toBeNull();
  });
});
