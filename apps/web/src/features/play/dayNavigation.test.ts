import { describe, expect, it } from 'vitest';
import { dayNavigation } from './DayView';

const DAYS = [
  { day: 1, name: 'The Body', date: 'Monday 4th February 1963' },
  { day: 2, name: 'The Stair', date: 'Tuesday 5th February 1963' },
  { day: 3, name: 'The Log', date: 'Friday 8th February 1963' },
  { day: 4, name: 'The Boat', date: 'Monday 11th February 1963' },
];

describe('dayNavigation', () => {
  it("chains homepage ↔ day-one ↔ … ↔ day-four → vote, labelled with the storyline's own dates", () => {
    expect(dayNavigation('g', 1, DAYS)).toEqual({
      back: { to: '/play/g/homepage', label: 'Back to Character Homepage' },
      forward: { to: '/play/g/day-two', label: 'Continue to Tuesday 5th February 1963' },
    });
    expect(dayNavigation('g', 4, DAYS)).toEqual({
      back: { to: '/play/g/day-three', label: 'Back to Friday 8th February 1963' },
      forward: { to: '/play/g/vote', label: 'Continue to Voting Phase' },
    });
  });

  it('falls back to day numbers, never to another storyline’s dates', () => {
    expect(dayNavigation('g', 2).back.label).toBe('Back to Day One');
    expect(dayNavigation('g', 2).forward.label).toBe('Continue to Day Three');
  });
});
