import { describe, expect, it } from 'vitest';
import { tallyByTarget, whoVotedRight } from './tallies';

const row = (voterPlayer: string, targetPlayer: string, targetCharacter: string | null = null) => ({
  voterPlayer,
  voterCharacter: null,
  targetPlayer,
  targetCharacter,
});

describe('tallyByTarget', () => {
  it('counts votes per accused, most first, ties by name', () => {
    const t = tallyByTarget([row('a', 'Bram', 'Nigel'), row('b', 'Cora'), row('c', 'Bram', 'Nigel'), row('d', 'Alice')]);
    expect(t).toEqual([
      { label: 'Nigel (Bram)', player: 'Bram', votes: 2 },
      { label: 'Alice', player: 'Alice', votes: 1 },
      { label: 'Cora', player: 'Cora', votes: 1 },
    ]);
  });
  it('is empty without votes', () => {
    expect(tallyByTarget([])).toEqual([]);
  });
});

describe('whoVotedRight', () => {
  it('splits the voters by whether they named the killer', () => {
    expect(whoVotedRight([row('a', 'Bram'), row('b', 'Cora')], 'Bram')).toEqual({ right: ['a'], wrong: ['b'] });
  });
  it('nobody is right when there is no killer in play', () => {
    expect(whoVotedRight([row('a', 'Bram')], null)).toEqual({ right: [], wrong: ['a'] });
  });
});
