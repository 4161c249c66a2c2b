import { MAX_DAYS, MIN_DAYS, casesOf, phaseTable, type TStorylineContent } from '@ss/protocol';
import type { Findings } from './content-rules-v2.js';

const TITLE_PREFIX = /^(?:Rev\.?|Revd|Reverend|Dr\.?|Major|DI|DCI|DS|DC|PC|WPC|Sgt\.?|Sergeant|Inspector|Constable|Mr\.?|Mrs\.?|Miss|Ms|Sir|Lady|Lord|Father|Nurse)\s+/;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const phraseRe = (w: string) => new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRe(w).replace(/\s+/g, '\\s+')}(?=$|[^\\p{L}\\p{N}])`, 'iu');

/** Every text of the host kit that a host or a phone reads before the reveal, with where it sits. */
function kitTexts(content: TStorylineContent): Array<[string, string]> {
  const kit = content.hostKit;
  if (!kit) return [];
  const out: Array<[string, string]> = [['overview', kit.overview], ...kit.setup.map((t, i): [string, string] => [`setup[${i}]`, t])];
  for (const [key, notes] of Object.entries(kit.phases)) {
    out.push([`phases.${key}.opener`, notes.opener]);
    notes.checklist.forEach((t, i) => out.push([`phases.${key}.checklist[${i}]`, t]));
  }
  for (const h of kit.hints) out.push([`hints.${h.id}.title`, h.title], [`hints.${h.id}.text`, h.text]);
  return out;
}

/**
 * The host kit's rules (host-kit.json). The host plays blind and the case is secret until the reveal, so:
 * - every phase of the storyline's derived table (homepage, day-1..day-N, suspect-vote, final-vote) has notes, with
 *   target minutes above 0; no notes for a phase the storyline does not have;
 * - hint ids are unique, and every hint a phase suggests exists and opens by that phase's day;
 * - no kit text names ANY case's killer by full name or by first name + surname: an error, since a kit that works
 *   for one case would name the killer of another (a killer's surname alone, with or without a title, is a
 *   warning: it may be an innocent mention, but it tilts a blind host).
 * A published storyline without a kit is a warning: it plays, with no notes and no hints for its host.
 */
export function hostKitFindings(content: TStorylineContent): Findings {
  const errors: string[] = [];
  const warnings: string[] = [];
  const kit = content.hostKit;
  // A storyline outside 2..6 days has no phase table (the day rules report it).
  if (content.days.length < MIN_DAYS || content.days.length > MAX_DAYS) return { errors, warnings };
  if (!kit) {
    if (content.status === 'published') warnings.push('host kit: no host-kit.json (the host gets no phase notes and no hint cards)');
    return { errors, warnings };
  }
  const table = phaseTable(content.days.length);
  const keys = table.phases.map((p) => p.key);
  for (const p of table.phases) {
    const notes = kit.phases[p.key];
    if (!notes) errors.push(`host kit: phase ${p.key} has no notes`);
    else if (!(notes.targetMinutes > 0)) errors.push(`host kit: phase ${p.key} needs target minutes above 0`);
  }
  for (const key of Object.keys(kit.phases)) {
    if (!keys.includes(key) && key !== 'outcome') errors.push(`host kit: notes for phase ${key}, which this storyline of ${table.dayCount} days does not have`);
  }
  const seen = new Set<string>();
  for (const h of kit.hints) {
    if (seen.has(h.id)) errors.push(`host kit: hint id ${h.id} is used twice`);
    seen.add(h.id);
    if (h.fromDay > table.dayCount) errors.push(`host kit: hint ${h.id} opens on day ${h.fromDay}, after the storyline's last day`);
  }
  for (const p of table.phases) {
    for (const id of kit.phases[p.key]?.hintIds ?? []) {
      const h = kit.hints.find((x) => x.id === id);
      if (!h) errors.push(`host kit: phase ${p.key} suggests unknown hint ${id}`);
      else if (p.kind === 'homepage' || (p.day !== null && p.day < h.fromDay)) errors.push(`host kit: phase ${p.key} suggests hint ${id}, which opens later (day ${h.fromDay})`);
    }
  }
  const texts = kitTexts(content);
  for (const k of casesOf(content)) {
    const killer = content.characters.find((c) => c.id === k.killerCharacterId);
    if (!killer) continue;
    const parts = killer.name.replace(TITLE_PREFIX, '').split(/\s+/).filter(Boolean);
    const strong = [...new Set([killer.name, parts.join(' '), parts.length >= 2 ? `${parts[0]} ${parts.at(-1)}` : ''].filter(Boolean))];
    const surname = parts.length >= 2 ? parts.at(-1)! : null;
    for (const [where, text] of texts) {
      const hit = strong.find((f) => phraseRe(f).test(text));
      if (hit) errors.push(`host kit: ${where} names "${hit}", the killer of a case: the kit must stay case-neutral`);
      else if (surname && phraseRe(surname).test(text)) warnings.push(`host kit: ${where} mentions "${surname}", the surname of a case's killer: point at the evidence instead`);
    }
  }
  return { errors, warnings };
}
