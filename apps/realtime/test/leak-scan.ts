import type { TStorylineCase } from '@ss/protocol';

/**
 * What tells a player the answer before the reveal: a key naming a killer or the case (isKiller, killerPlayerId,
 * caseId, caseTitle…) with a value, and any case's id, title, motive, method or the start of its reveal story.
 */
export function killerKeys(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => killerKeys(v, `${at}[${i}]`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [
    ...(/killer|caseId|caseTitle/i.test(k) && v !== null && v !== false ? [`${at}.${k}`] : []),
    ...killerKeys(v, `${at}.${k}`),
  ]);
}

/** The texts of the storyline's cases that would give a case away (its id, title, motive, method, reveal opening). */
export function caseGiveaways(cases: readonly TStorylineCase[]): string[] {
  return cases.flatMap((c) => [c.id, c.title, c.motive, c.method, c.reveal.slice(0, 24)]).filter((t): t is string => !!t);
}
