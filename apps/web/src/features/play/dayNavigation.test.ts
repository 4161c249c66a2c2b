import { describe, expect, it } from 'vitest';
import { dayNavigation } from './DayView';

describe('dayNavigation', () => {
  it('chains homepage ↔ day-one ↔ … ↔ day-four → vote', () => {
    expect(dayNavigation('g', 1)).toEqual({
      back: { to: '/play/g/homepage', label: 'Back to Character Homepage' },
      forward: { to: '/play/g/day-two', label: 'Continue to July 15th, 1986' },
    });
    expect(dayNavigation('g', 4)).toEqual({
      back: { to: '/play/g/day-three', label: 'Back to July 20th, 1986' },
      forward: { to: '/play/g/vote', label: 'Continue to Voting Phase' },
    });
  });
});
