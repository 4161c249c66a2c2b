import { describe, expect, it } from 'vitest';
import { dayNavigation } from './DayView';

const DAYS = [
  { day: 1, name: 'The Body', date: 'Monday 4th February 1963' },
  { day: 2, name: 'The Stair', date: 'Tuesday 5th February 1963' },
  { day: 3, name: 'The Log', date: 'Friday 8th February 1963' },
  { day: 4, name: 'The Boat', date: 'Monday 11th February 1963' },
  { day: 5, name: 'The Light', date: 'Tuesday 12th February 1963' },
];
const undated = (n: number) => Array.from({ length: n }, (_, i) => ({ day: i + 1, name: `Day ${i + 1}`, date: '' }));

describe('dayNavigation', () => {
  it("chains homepage ↔ day 1 ↔ … ↔ the last day → vote, labelled with the storyline's own dates", () => {
    const four = DAYS.slice(0, 4);
    expect(dayNavigation('g', 1, four)).toEqual({
      back: { to: '/play/g/homepage', label: 'Back to Character Homepage' },
      forward: { to: '/play/g/day/2', label: 'Continue to Tuesday 5th February 1963' },
    });
    expect(dayNavigation('g', 4, four)).toEqual({
      back: { to: '/play/g/day/3', label: 'Back to Friday 8th February 1963' },
      forward: { to: '/play/g/vote', label: 'Continue to Voting Phase' },
    });
  });

  it('follows the storyline’s number of days: a fifth day, or a vote after the third', () => {
    expect(dayNavigation('g', 4, DAYS).forward).toEqual({ to: '/play/g/day/5', label: 'Continue to Tuesday 12th February 1963' });
    expect(dayNavigation('g', 5, DAYS).forward.to).toBe('/play/g/vote');
    expect(dayNavigation('g', 3, undated(3)).forward.to).toBe('/play/g/vote');
  });

  it('falls back to day numbers, never to another storyline’s dates', () => {
    expect(dayNavigation('g', 2, undated(4)).back.label).toBe('Back to Day One');
    expect(dayNavigation('g', 2, undated(4)).forward.label).toBe('Continue to Day Three');
  });
});
