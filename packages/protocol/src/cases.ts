import {
  CASE_SHEET_FIELDS,
  type TCharacterCaseOverride,
  type TCharacterDayContent,
  type TContentCharacter,
  type TStorylineCase,
  type TStorylineContent,
} from './content.js';

/**
 * Cases: one cast, several solutions. A case names its killer and rewrites the shared texts where they differ;
 * these helpers apply a case to the shared storyline. Pure, used by the loader, the server and the engine.
 */

/** The id of the one implicit case of a storyline written in the legacy single-case form. */
export const LEGACY_CASE_ID = 'main';

/**
 * The storyline in its in-memory shape: every playable storyline has `cases`. A storyline in the legacy
 * single-case form (roles.killerCharacterId, the killer's killerRevealStory, a top-level solution, shadow briefs
 * and private words on the characters) becomes one case `main` titled like the storyline, so nothing downstream
 * knows the difference. Content already carrying cases (or with no killer: a coming-soon stub) is returned as is.
 */
export function withCases(content: TStorylineContent): TStorylineContent {
  if (content.cases && content.cases.length > 0) return content;
  const killerId = content.roles?.killerCharacterId;
  const killer = killerId ? content.characters.find((c) => c.id === killerId) : undefined;
  // The loader has already refused a legacy storyline without a reveal story or a solution; content built in
  // memory (engine tests) may lack them and still gets its one case.
  if (!content.roles || !killerId || !killer) return content;
  const overrides: Record<string, TCharacterCaseOverride> = {};
  for (const c of content.characters) {
    if (!c.shadowBriefs && !c.privateWords) continue;
    overrides[c.id] = {
      ...(c.privateWords ? { privateWords: c.privateWords } : {}),
      ...(c.shadowBriefs ? { shadowBriefs: c.shadowBriefs } : {}),
    };
  }
  const main: TStorylineCase = {
    id: LEGACY_CASE_ID,
    title: content.title,
    killerCharacterId: killerId,
    reveal: killer.killerRevealStory ?? '',
    characters: overrides,
    solution: content.solution ?? { revelations: [], clues: [], standingSuspects: [] },
  };
  const { killerCharacterId: _legacyKiller, ...roles } = content.roles;
  const { solution: _legacySolution, ...rest } = content;
  return {
    ...rest,
    roles,
    characters: content.characters.map(({ killerRevealStory: _r, shadowBriefs: _b, privateWords: _w, ...c }) => c),
    cases: [main],
  };
}

/** The storyline's cases (none for a storyline that cannot be played). */
export const casesOf = (content: TStorylineContent): readonly TStorylineCase[] => content.cases ?? [];

/** Who besides the killer may be dealt the Shadow side in a case: its own list, else the storyline's minus its killer. */
export function caseShadowCandidates(content: Pick<TStorylineContent, 'shadowCandidates'>, k: TStorylineCase): string[] {
  return (k.shadowCandidates ?? content.shadowCandidates).filter((id) => id !== k.killerCharacterId);
}

/** The shadow side of a case: its killer and its shadow candidates. */
export function caseShadowSide(content: Pick<TStorylineContent, 'shadowCandidates'>, k: TStorylineCase): string[] {
  return [k.killerCharacterId, ...caseShadowCandidates(content, k)];
}

function mergeDay(d: TCharacterDayContent, o: TCharacterCaseOverride['days']): TCharacterDayContent {
  const over = o?.find((x) => x.day === d.day);
  if (!over) return d;
  const { day: _day, ...fields } = over;
  const merged: TCharacterDayContent = { ...d };
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) (merged as Record<string, unknown>)[k] = v;
  return merged;
}

/**
 * One character as a case tells it: the shared sheet with the case's rewrites (sheet fields, evidence, days
 * merged by day and field), the case's shadow briefs and private words (only the case has them), and the case's
 * reveal as the killer's reveal story. Public fields are never touched.
 */
export function characterInCase(c: TContentCharacter, k: TStorylineCase): TContentCharacter {
  const o = k.characters?.[c.id];
  const { killerRevealStory: _shared, shadowBriefs: _b, privateWords: _w, ...base } = c;
  const out: TContentCharacter = { ...base };
  if (o) {
    for (const f of CASE_SHEET_FIELDS) {
      const v = o[f];
      if (v !== undefined) out[f] = v;
    }
    if (o.searchWarrantEvidence) out.searchWarrantEvidence = o.searchWarrantEvidence;
    if (o.days) out.days = c.days.map((d) => mergeDay(d, o.days));
    if (o.shadowBriefs) out.shadowBriefs = o.shadowBriefs;
    if (o.privateWords) out.privateWords = o.privateWords;
  }
  if (c.id === k.killerCharacterId) out.killerRevealStory = k.reveal;
  return out;
}

/**
 * The storyline as one case tells it: characters and day clues rewritten by the case, the case's shadow
 * candidates and answer sheet. The result has exactly one case, so code written for one solution (the checker,
 * the author tools) reads it unchanged.
 */
export function contentInCase(content: TStorylineContent, k: TStorylineCase): TStorylineContent {
  return {
    ...content,
    days: content.days.map((d) => {
      const over = k.days?.find((x) => x.day === d.day);
      return over ? { ...d, clue: over.clue } : d;
    }),
    shadowCandidates: caseShadowCandidates(content, k),
    characters: content.characters.map((c) => characterInCase(c, k)),
    solution: k.solution,
    cases: [k],
  };
}
