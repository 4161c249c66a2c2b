import { describe, expect, it } from 'vitest';
import { joinParts, partsSince, stateParts } from './state-json.js';
import type { TGameState } from './state.js';

const state = (over: Partial<Record<string, unknown>> = {}) =>
  ({ version: 3, game: { id: 'g', title: 'T "quoted"' }, players: [{ id: 'p' }], results: null, extra: undefined, ...over }) as unknown as TGameState;

const joined = (s: TGameState) => joinParts(stateParts(s));

describe('state parts', () => {
  it('put back together are exactly JSON.stringify of the state, however often its parts were serialised before', () => {
    const s = state();
    expect(joined(s)).toBe(JSON.stringify(s));
    expect(joined(s)).toBe(JSON.stringify(s));
    const next = { ...s, version: 4, players: [...s.players, { id: 'q' }] } as TGameState;
    expect(joined(next)).toBe(JSON.stringify(next));
  });

  it('since an earlier state, lists only the parts that are not the same object or value', () => {
    const s = state();
    const next = { ...s, version: 4, players: [{ id: 'p' }] } as TGameState;
    // players is a new array with equal content: parts are compared by identity (states are never mutated).
    expect(partsSince(next, s)).toEqual([
      ['version', '4'],
      ['players', '[{"id":"p"}]'],
    ]);
    expect(partsSince(s, s)).toEqual([]);
    expect(stateParts(s).map(([k]) => k)).toEqual(['version', 'game', 'players', 'results']);
  });

  it('since a state with a part this one no longer has, asks for the whole state', () => {
    const s = state({ extra: { note: 'x' } });
    const { extra: _gone, ...rest } = s as unknown as Record<string, unknown>;
    expect(partsSince({ ...rest, version: 4 } as unknown as TGameState, s)).toBeNull();
  });
});
