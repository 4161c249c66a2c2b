import { casesOf, contentInCase, withCases } from '../cases.js';
import type { TContentCharacter, TStorylineCase, TStorylineContent } from '../content.js';
import type { EngineStoryline, TGameState } from './state.js';

/**
 * A storyline as one case tells it: characters, day clues, shadow candidates and answer sheet with the case's
 * rewrites applied, and the case itself (its killer). `case` is null only for a storyline that has no case (a
 * coming-soon stub, which no game can start). `shared` is the storyline every case starts from.
 */
export interface CaseStoryline extends EngineStoryline {
  readonly case: TStorylineCase | null;
  readonly shared: EngineStoryline;
}

// Built once per storyline version and case, and shared by every game of that case (see warmCases).
const derived = new WeakMap<EngineStoryline, Map<string, CaseStoryline>>();
const isCaseStoryline = (storyline: EngineStoryline): storyline is CaseStoryline => 'shared' in storyline;

function build(shared: EngineStoryline, content: TStorylineContent, k: TStorylineCase | null): CaseStoryline {
  const told = k ? contentInCase(content, k) : content;
  const characters = new Map<string, TContentCharacter>(told.characters.map((c) => [c.id, c]));
  return { content: told, characters, case: k, shared };
}

/**
 * The storyline as case `caseId` tells it. Without a case id (a game created before cases existed) it is the
 * storyline's first case; an id the storyline does not have is a broken game and throws.
 */
export function caseStoryline(storyline: EngineStoryline, caseId: string | undefined): CaseStoryline {
  const shared = isCaseStoryline(storyline) ? storyline.shared : storyline;
  let byCase = derived.get(shared);
  if (!byCase) derived.set(shared, (byCase = new Map()));
  const key = caseId ?? '';
  const hit = byCase.get(key);
  if (hit) return hit;
  const content = withCases(shared.content);
  const cases = casesOf(content);
  const k = caseId === undefined ? (cases[0] ?? null) : cases.find((c) => c.id === caseId);
  if (k === undefined) throw new Error(`Storyline ${content.id} has no case "${caseId}"`);
  const out = build(shared, content, k);
  byCase.set(key, out);
  return out;
}

/** The storyline as the game's own (secret) case tells it. */
export const storylineOf = (s: TGameState, storyline: EngineStoryline): CaseStoryline => caseStoryline(storyline, s.game.caseId);

/** The killer's character id in the game's case (null for a storyline without a case). */
export const killerCharacterIdOf = (s: TGameState, storyline: EngineStoryline): string | null => storylineOf(s, storyline).case?.killerCharacterId ?? null;

/**
 * Builds every case of a storyline version ahead of time, so the first game of a case costs what every other
 * game costs (the time of an answer must not tell which case a game is).
 */
export function warmCases(storyline: EngineStoryline): void {
  caseStoryline(storyline, undefined);
  for (const k of casesOf(withCases(storyline.content))) caseStoryline(storyline, k.id);
}
