import type { TGameState } from './state.js';

// The JSON of each part of a state, kept for as long as the part lives. States are immutable and evolve keeps
// every untouched part by reference, so a new version's JSON re-serialises only what its events changed (a ballot:
// the vote, not the seats, the game or the results).
const fragments = new WeakMap<object, string>();

const partJson = (value: unknown): string | undefined => {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  let json = fragments.get(value);
  if (json === undefined) fragments.set(value, (json = JSON.stringify(value)));
  return json;
};

/**
 * Exactly `JSON.stringify(state)`, reusing the JSON of the top-level parts it shares with states serialised before.
 * Only for states nobody mutates: the live stores freeze them first.
 */
export function stateJson(state: TGameState): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(state)) {
    const json = partJson(value);
    if (json !== undefined) parts.push(`${JSON.stringify(key)}:${json}`);
  }
  return `{${parts.join(',')}}`;
}
