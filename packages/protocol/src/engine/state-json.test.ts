import { describe, expect, it } from 'vitest';
import { stateParts } from './state-json.js';
import type { TGameState } from './state.js';

const state = (over: Partial<Record<string, unknown>> = {}) =>
  ({ version: 3, game: { id: 'g', title: 'T "quoted"' }, players: [{ id: 'p' }], results: null, extra: undefined, ...over }) as unknown as TGameState;

/** The state's JSON put back together from its parts (what a reader of the live store does). */
const joined = (s: TGameState) => `{${stateParts(s).map(([k, json]) => `${JSON.stringify(k)}:${json}`).join(',')}}`;

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
    expect(stateParts(next, s)).toEqual([
      ['version', '4'],
      ['players', '[{"id":"p"}]'],
    ]);
    expect(stateParts(s, s)).toEqual([]);
    expect(stateParts(s).map(([k]) => k)).toEqual(['version', 'game', 'players', 'results']);
  });
});
