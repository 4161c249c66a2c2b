import type { TGameState } from './state.js';

// The JSON of each part of a state, kept for as long as the part lives. States are immutable and evolve keeps
// every untouched part by reference, so a new version re-serialises only what its events changed (a ballot: the
// vote, not the seats, the game or the results).
const fragments = new WeakMap<object, string>();

/** `JSON.stringify(value)` of one part of a state, remembered for objects. Only for parts nobody mutates. */
export function partJson(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  let json = fragments.get(value);
  if (json === undefined) fragments.set(value, (json = JSON.stringify(value)));
  return json;
}

/**
 * The top-level parts of a state as [key, JSON] pairs. Parts whose JSON is undefined (an undefined optional part)
 * are left out. Only for states nobody mutates: the live stores freeze them first.
 */
export function stateParts(state: TGameState): [string, string][] {
  return partsOf(state);
}

/**
 * What to write over the stored parts of `since` (an earlier state of the same game) to store `state`: the parts
 * that are not the very same object or value as there; null when `since` has a part `state` no longer has (the
 * whole state must be written).
 */
export function partsSince(state: TGameState, since: TGameState): [string, string][] | null {
  for (const key of Object.keys(since)) if (!(key in state)) return null;
  return partsOf(state, since);
}

/** A state's JSON put back together from its stored parts (JSON-equal to the state; keys in the parts' order). */
export function joinParts(parts: Iterable<readonly [string, string]>): string {
  const members: string[] = [];
  for (const [key, json] of parts) members.push(`${JSON.stringify(key)}:${json}`);
  return `{${members.join(',')}}`;
}

function partsOf(state: TGameState, since?: TGameState): [string, string][] {
  const parts: [string, string][] = [];
  for (const [key, value] of Object.entries(state)) {
    if (since && Object.is(since[key as keyof TGameState], value)) continue;
    const json = partJson(value);
    if (json !== undefined) parts.push([key, json]);
  }
  return parts;
}
