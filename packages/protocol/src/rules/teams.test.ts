import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assignTeams, seededShuffle, shadowCountFor } from './teams.js';
import { isDetectiveProfession } from './tally.js';

const TABLE: Record<string, number> = { '4': 1, '5': 1, '6': 2, '7': 2, '8': 2, '9': 3, '10': 3, '11': 3, '12': 4, '13': 4, '14': 4, '15': 4, '16': 5, '17': 5, '18': 5, '19': 6, '20': 6 };

/** A cast of 20 ids, the first n in play; killer and detective in play; a random candidate pool. */
const teamInput = fc
  .record({
    n: fc.integer({ min: 4, max: 20 }),
    seed: fc.string({ minLength: 1, maxLength: 40 }),
    killerIdx: fc.nat(),
    detectiveOffset: fc.integer({ min: 1, max: 19 }),
    candidateMask: fc.array(fc.boolean(), { minLength: 20, maxLength: 20 }),
  })
  .map(({ n, seed, killerIdx, detectiveOffset, candidateMask }) => {
    const cast = Array.from({ length: 20 }, (_, i) => `c${i}`);
    const inPlay = cast.slice(0, n);
    const killer = inPlay[killerIdx % n] as string;
    const detective = inPlay[(killerIdx + (detectiveOffset % (n - 1)) + 1) % n] as string;
    const shadowCandidates = cast.filter((id, i) => candidateMask[i] && id !== killer && id !== detective);
    return { assignedCharacterIds: inPlay, killerCharacterId: killer, detectiveCharacterId: detective, shadowCandidates, shadowsByPlayerCount: TABLE, seed };
  });

describe('assignTeams', () => {
  it('always makes the killer a shadow and the detective a seeker, and gives every character in play a team', () => {
    fc.assert(
      fc.property(teamInput, (input) => {
        const teams = assignTeams(input);
        expect(teams[input.killerCharacterId]).toBe('shadow');
        expect(teams[input.detectiveCharacterId]).toBe('seeker');
        expect(Object.keys(teams).sort()).toEqual([...input.assignedCharacterIds].sort());
      }),
    );
  });

  it('deals exactly the table count of shadows when there are enough candidates in play, never more', () => {
    fc.assert(
      fc.property(teamInput, (input) => {
        const teams = assignTeams(input);
        const shadows = Object.values(teams).filter((t) => t === 'shadow').length;
        const wanted = shadowCountFor(input.assignedCharacterIds.length, TABLE);
        const inPlay = new Set(input.assignedCharacterIds);
        const available = input.shadowCandidates.filter((id) => inPlay.has(id)).length;
        expect(shadows).toBe(Math.min(wanted, 1 + available));
        // Only the killer and candidates can be shadows.
        for (const [id, t] of Object.entries(teams)) {
          if (t === 'shadow') expect(id === input.killerCharacterId || input.shadowCandidates.includes(id)).toBe(true);
        }
      }),
    );
  });

  it('is fixed for a seed (same game, same split)', () => {
    fc.assert(
      fc.property(teamInput, (input) => {
        expect(assignTeams(input)).toEqual(assignTeams({ ...input }));
      }),
    );
  });

  it('never makes a character not in play a shadow', () => {
    fc.assert(
      fc.property(teamInput, (input) => {
        const teams = assignTeams({ ...input, shadowCandidates: [...input.shadowCandidates, 'not-in-play'] });
        expect(teams['not-in-play']).toBeUndefined();
      }),
    );
  });
});

describe('seededShuffle', () => {
  it('returns a permutation of its input', () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.string(), (items, seed) => {
        expect([...seededShuffle(items, seed)].sort((a, b) => a - b)).toEqual([...items].sort((a, b) => a - b));
      }),
    );
  });
});

describe('shadowCountFor', () => {
  it('reads the table, falls back to the nearest smaller count, and is at least 1', () => {
    expect(shadowCountFor(8, TABLE)).toBe(2);
    expect(shadowCountFor(25, TABLE)).toBe(6);
    expect(shadowCountFor(2, TABLE)).toBe(1);
  });
});

describe('isDetectiveProfession', () => {
  it('matches a profession containing "Detective"', () => {
    expect(isDetectiveProfession('Detective Inspector')).toBe(true);
    expect(isDetectiveProfession('Private Detective')).toBe(true);
    expect(isDetectiveProfession('Village Resident')).toBe(false);
  });
});
