import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SUSPECTS_PER_BALLOT,
  checkSuspectBallot,
  decideFinalOutcome,
  rankSuspects,
  tallySuspectVotes,
  topSuspects,
  type SuspectBallot,
} from './tally.js';

/** A game of 4-20 players (ids p0..pN-1 in seating order) and a valid ballot from any subset of them. */
const gameWithBallots = fc.integer({ min: 4, max: 20 }).chain((n) => {
  const players = Array.from({ length: n }, (_, i) => `p${String(i).padStart(2, '0')}`);
  const ballot = (voterId: string) =>
    fc
      .shuffledSubarray(
        players.filter((p) => p !== voterId),
        { minLength: SUSPECTS_PER_BALLOT, maxLength: SUSPECTS_PER_BALLOT },
      )
      .map((suspectIds): SuspectBallot => ({ voterId, suspectIds }));
  return fc
    .shuffledSubarray(players, { minLength: 0, maxLength: n })
    .chain((voters) => fc.tuple(...voters.map(ballot)))
    .map((ballots) => ({ players, ballots: ballots as SuspectBallot[] }));
});

describe('suspect tally', () => {
  it('counts exactly 3 votes per ballot', () => {
    fc.assert(
      fc.property(gameWithBallots, ({ ballots }) => {
        const total = [...tallySuspectVotes(ballots).values()].reduce((a, b) => a + b, 0);
        expect(total).toBe(3 * ballots.length);
      }),
    );
  });

  it('gives every valid ballot a clean bill from checkSuspectBallot', () => {
    fc.assert(
      fc.property(gameWithBallots, ({ players, ballots }) => {
        for (const b of ballots) expect(checkSuspectBallot(b.voterId, b.suspectIds, new Set(players))).toBeNull();
      }),
    );
  });

  it('picks the same top 3 whatever the order the ballots arrive in', () => {
    fc.assert(
      fc.property(
        gameWithBallots.chain((g) => fc.tuple(fc.constant(g), fc.shuffledSubarray(g.ballots, { minLength: g.ballots.length, maxLength: g.ballots.length }))),
        ([{ players, ballots }, reordered]) => {
          expect(topSuspects(reordered, players)).toEqual(topSuspects(ballots, players));
        },
      ),
    );
  });

  it('ranks by votes, ties by seating order, and never returns more than 3 top suspects', () => {
    fc.assert(
      fc.property(gameWithBallots, ({ players, ballots }) => {
        const ranked = rankSuspects(tallySuspectVotes(ballots), players);
        for (let i = 1; i < ranked.length; i++) {
          const a = ranked[i - 1]!;
          const b = ranked[i]!;
          expect(a.voteCount).toBeGreaterThanOrEqual(b.voteCount);
          if (a.voteCount === b.voteCount) expect(players.indexOf(a.playerId)).toBeLessThan(players.indexOf(b.playerId));
          expect(b.rank).toBe(i + 1);
        }
        const top = topSuspects(ballots, players);
        expect(top.length).toBe(Math.min(3, ranked.length));
        expect(new Set(top.map((t) => t.playerId)).size).toBe(top.length);
      }),
    );
  });

  it('refuses malformed ballots with the right reason', () => {
    const players = new Set(['a', 'b', 'c', 'd', 'e']);
    expect(checkSuspectBallot('a', ['b', 'c'], players)).toBe('count');
    expect(checkSuspectBallot('a', ['b', 'c', 'd', 'e'], players)).toBe('count');
    expect(checkSuspectBallot('a', ['b', 'b', 'c'], players)).toBe('duplicate');
    expect(checkSuspectBallot('a', ['a', 'b', 'c'], players)).toBe('self');
    expect(checkSuspectBallot('a', ['b', 'c', 'zz'], players)).toBe('unknown_player');
  });
});

describe('final outcome', () => {
  const finalGame = fc.integer({ min: 2, max: 20 }).chain((n) => {
    const players = Array.from({ length: n }, (_, i) => `p${i}`);
    return fc.record({
      players: fc.constant(players),
      killer: fc.constantFrom(...players),
      votes: fc.array(fc.record({ voterId: fc.constantFrom(...players), suspectId: fc.constantFrom(...players) }), { maxLength: 20 }),
    });
  });

  it('seekers win if and only if the accused is the killer', () => {
    fc.assert(
      fc.property(finalGame, ({ players, killer, votes }) => {
        const out = decideFinalOutcome(votes, killer, players);
        expect(out.killerCorrect).toBe(out.accusedId === killer);
        expect(out.winningTeam).toBe(out.accusedId === killer ? 'seekers' : 'shadows');
      }),
    );
  });

  it('accuses the most voted player, and nobody without votes', () => {
    fc.assert(
      fc.property(finalGame, ({ players, killer, votes }) => {
        const out = decideFinalOutcome(votes, killer, players);
        if (votes.length === 0) {
          expect(out.accusedId).toBeNull();
          expect(out.winningTeam).toBe('shadows');
          return;
        }
        const max = Math.max(...out.tally.values());
        expect(out.accusedVotes).toBe(max);
        expect(out.tally.get(out.accusedId as string)).toBe(max);
        expect([...out.tally.values()].reduce((a, b) => a + b, 0)).toBe(votes.length);
      }),
    );
  });

  it('shadows win when the killer is not in play', () => {
    expect(decideFinalOutcome([{ voterId: 'a', suspectId: 'b' }], null, ['a', 'b']).winningTeam).toBe('shadows');
  });
});
