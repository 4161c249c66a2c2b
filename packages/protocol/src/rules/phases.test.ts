import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Phase, isDayUnlocked, routeForPhase } from './phases.js';

describe('routeForPhase', () => {
  const id = '6f1c2f0e-0000-4000-8000-000000000000';
  it('maps each phase to its player route', () => {
    expect(routeForPhase(id, Phase.HOMEPAGE)).toBe(`/play/${id}/homepage`);
    expect(routeForPhase(id, Phase.DAY_ONE)).toBe(`/play/${id}/day-one`);
    expect(routeForPhase(id, Phase.DAY_TWO)).toBe(`/play/${id}/day-two`);
    expect(routeForPhase(id, Phase.DAY_THREE)).toBe(`/play/${id}/day-three`);
    expect(routeForPhase(id, Phase.DAY_FOUR)).toBe(`/play/${id}/day-four`);
    expect(routeForPhase(id, Phase.SUSPECT_VOTE)).toBe(`/play/${id}/vote`);
    expect(routeForPhase(id, Phase.FINAL_VOTE)).toBe(`/play/${id}/final-vote`);
  });

  it('sends any other value to the outcome', () => {
    fc.assert(
      fc.property(
        fc.integer().filter((n) => n < 0 || n > 6),
        (n) => {
          expect(routeForPhase(id, n)).toBe(`/play/${id}/outcome`);
        },
      ),
    );
  });

  it('always stays under /play/{gameId}/', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.integer(), (g, n) => {
        expect(routeForPhase(g, n).startsWith(`/play/${g}/`)).toBe(true);
      }),
    );
  });
});

describe('isDayUnlocked', () => {
  it('opens day n once the game reaches phase n, and never before', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 1, max: 4 }), (phase, day) => {
        expect(isDayUnlocked(phase, day)).toBe(phase >= day);
      }),
    );
  });
});
