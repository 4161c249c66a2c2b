import {
  PUBLIC_CHARACTER_FIELDS,
  casesOf,
  contentInCase,
  castFor,
  castReferences,
  essentialCharacterIds,
  fullCast,
  renderCastText,
  type TContentCharacter,
  type TStorylineCase,
  type TStorylineContent,
} from '@ss/protocol';
import { characterTexts } from './content-loader.js';
import { dayProblems, rangeProblems, summaryProblems } from './storyline-range.js';
import {
  clueMarkers,
  datesAndLedger,
  dayNameSpoilers,
  killerNamed,
  plainNamesOfAbsent,
  pointerTable,
  revelationSpread,
  riskyLiesCatchable,
  standingIntoVote,
  wordsPerDay,
  type TableView,
} from './content-rules-v2.js';
import { hostKitFindings } from './content-rules-host-kit.js';

/**
 * The content checker: play-quality rules a storyline must meet at every table size. The loader only refuses
 * what would break the server; this runs in the tests (and as `pnpm content:check`) and names every problem.
 *
 * Errors: an unknown character id or name; a whom-to-ask line that can name an absent character; a player count
 * at which a revelation loses all its clues; a public field holding a word of a killer's or shadow's private
 * list; a day before the last with fewer than three suspects standing among the characters dealt; a killer or
 * shadow candidate without private words or one shadow brief per day, or whose brief has no target in the game;
 * a player range, pricing tiers or summary that disagree.
 * Warnings: weaker rules of thumb (three clues per revelation, a public clue each, innocents breakable by two
 * clues on the day before the last) that a human should look at.
 * A storyline with several cases is checked once per case, as that case tells it (its killer, its shadow
 * candidates, its rewrites and its answer sheet); a finding of only some cases names them ("case <id>: ...").
 * A coming-soon storyline is a draft: it is checked the same way, but what it lacks or breaks is reported as
 * warnings ("draft: ..."), so a half-written storyline can ship as a teaser.
 */
export interface CoverageRow {
  /** The case whose answer sheet holds the revelation. */
  caseId: string;
  revelationId: string;
  title: string;
  /** Clues reaching the table at each player count. */
  byCount: Record<number, number>;
  /** Clues from public material plus essential characters only. */
  essentialOnly: number;
}

export interface CheckReport {
  storylineId: string;
  errors: string[];
  warnings: string[];
  counts: number[];
  coverage: CoverageRow[];
  /** A coming-soon storyline: its problems are warnings that say what it lacks. */
  draft: boolean;
  /** Per case: the pointer table (day × suspect, holders at the smallest count). */
  pointerTables: string[];
}

const TITLES = [
  'Mr',
  'Mrs',
  'Miss',
  'Ms',
  'Dr',
  'Rev',
  'Revd',
  'Reverend',
  'PC',
  'WPC',
  'DC',
  'DS',
  'DI',
  'DCI',
  'Sergeant',
  'Sgt',
  'Inspector',
  'Constable',
  'Major',
  'Sir',
  'Lady',
  'Lord',
  'Father',
  'Nurse',
];
// A full stop only after the short forms ("Rev. Pennick"); "Constable. Well" is two sentences.
const TITLED = new RegExp(`\\b(${TITLES.join('|')}|(?:Rev|Dr|Mr|Mrs|Ms|Sgt)\\.) ([A-Z][a-z]+(?:-[A-Z][a-z]+)?)\\b`, 'g');
// A middle name is allowed: "Nigel James Ashdown".
const FULL_NAME = /\b([A-Z][a-z]+) ([A-Z][a-z]+(?:-[A-Z][a-z]+)?)(?: ([A-Z][a-z]+))?\b/g;
const WHOM_TO_ASK_PROSE = /(^|\n)\s*Whom to ask\s*:/i;

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const wordRe = (w: string) => new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRe(w)}(?=$|[^\\p{L}\\p{N}])`, 'iu');

/** Ids that can be Shadows in a case: its killer and its shadow candidates (`content` as the case tells it). */
function shadowSide(content: TStorylineContent, k: TStorylineCase | null): Set<string> {
  const ids = new Set(content.shadowCandidates);
  if (k) ids.add(k.killerCharacterId);
  return ids;
}

/** Every text a stranger can read before the game ends, with a label: the storyline's and each character's public fields. */
export function publicTexts(content: TStorylineContent): Array<[string, string]> {
  const names = fullCast(new Map(content.characters.map((c) => [c.id, c.name])));
  const out: Array<[string, string]> = [
    ['title', content.title],
    ['summary', content.summary],
    ['image.caption', content.image.caption],
    ['image.alt', content.image.alt],
  ];
  if (content.minPlayersReason) out.push(['minPlayersReason', content.minPlayersReason]);
  for (const d of content.days) {
    out.push([`days[${d.day}].name`, d.name]);
    if (d.teaser) out.push([`days[${d.day}].teaser`, d.teaser]);
  }
  for (const c of content.characters) {
    for (const f of PUBLIC_CHARACTER_FIELDS) {
      const v = c[f];
      if (typeof v === 'string') out.push([`${c.id}.${f}`, renderCastText(v, names)]);
    }
    out.push([`${c.id}.image.caption`, c.image.caption], [`${c.id}.image.alt`, c.image.alt]);
  }
  return out;
}

/** All free text of the storyline, for name checks. */
function allTexts(content: TStorylineContent): Array<[string, string]> {
  const out: Array<[string, string]> = [['summary', content.summary]];
  for (const d of content.days) out.push([`days[${d.day}]`, `${d.name}\n${d.clue}\n${d.teaser ?? ''}`]);
  for (const c of content.characters) {
    // The day media's captions and alt texts are among the character's texts (they may carry cast tokens).
    for (const [f, t] of characterTexts(c)) out.push([`${c.id}.${f}`, t]);
    const media = [c.image, ...c.searchWarrantEvidence];
    media.forEach((m, i) => out.push([`${c.id}.media[${i}]`, `${m.caption}\n${m.alt}`]));
  }
  return out;
}

export function checkStoryline(content: TStorylineContent): CheckReport {
  const checked = checkEveryCase(content);
  const kit = hostKitFindings(content);
  const report = { ...checked, errors: [...checked.errors, ...kit.errors], warnings: [...checked.warnings, ...kit.warnings] };
  if (!report.draft) return report;
  // A draft says what it lacks before it can be published; none of it stops it loading as a teaser.
  const lacks: string[] = [];
  if (content.days.length === 0) lacks.push('no days yet (a published storyline declares 2 to 6)');
  if (content.characters.length === 0) lacks.push('no characters yet');
  if (!content.roles) lacks.push('no roles yet (killer, detective, press-conference reader, memory flashes)');
  if (casesOf(content).length === 0) lacks.push('no case yet (cases/<id>/case.json and solution.json: killer, revelations, clues, standing suspects)');
  if (!content.castTable) lacks.push('no cast table yet');
  return {
    ...report,
    errors: [],
    warnings: [...lacks, ...report.errors, ...report.warnings].map((w) => `draft: ${w}`),
  };
}

/** The rules once per case; without a case (a draft), once for what needs no killer. */
function checkEveryCase(content: TStorylineContent): CheckReport {
  const cases = casesOf(content);
  if (cases.length === 0) {
    const report = checkRules(content, null);
    if (content.characters.length > 0 && !report.draft) report.errors.push('no case: a storyline with characters needs a killer (cases/<id>/case.json, or roles.killerCharacterId)');
    return report;
  }
  const perCase = cases.map((k) => ({ k, r: checkRules(contentInCase(content, k), k) }));
  // A finding of every case is said once; one of only some cases names them.
  const merge = (pick: (r: CheckReport) => string[]) => {
    const out: string[] = [];
    const seen = new Set<string>();
    for (const { k, r } of perCase) {
      for (const m of pick(r)) {
        const everywhere = perCase.every((x) => pick(x.r).includes(m));
        // A v2 finding names its case itself.
        const line = everywhere || cases.length === 1 || m.includes(`case ${k.id} `) ? m : `case ${k.id}: ${m}`;
        if (!seen.has(line)) out.push(line);
        seen.add(line);
      }
    }
    return out;
  };
  const first = perCase[0]!.r;
  const spoilers = dayNameSpoilers(content);
  return {
    ...first,
    errors: [...merge((r) => r.errors), ...spoilers.errors],
    warnings: merge((r) => r.warnings),
    coverage: perCase.flatMap(({ r }) => r.coverage),
    pointerTables: perCase.flatMap(({ r }) => r.pointerTables),
  };
}

/** The rules for one case (`k`), on the storyline as that case tells it. */
function checkRules(content: TStorylineContent, k: TStorylineCase | null): CheckReport {
  const errors: string[] = [];
  const warnings: string[] = [];
  const report: CheckReport = { storylineId: content.id, errors, warnings, counts: [], coverage: [], draft: content.status === 'coming_soon', pointerTables: [] };
  // The player range, tiers, days and summary agree (a published storyline with tiers that disagree does not load).
  for (const p of [...dayProblems(content), ...rangeProblems(content), ...summaryProblems(content)]) errors.push(`${p.field}: ${p.message}`);
  if (content.characters.length === 0) return report;
  const dayCount = content.days.length;
  const storyDays = Array.from({ length: dayCount }, (_, i) => i + 1);
  const ids = new Set(content.characters.map((c) => c.id));
  const byId = new Map(content.characters.map((c) => [c.id, c]));
  const nameOf = (id: string) => byId.get(id)?.name ?? id;
  const counts: number[] = [];
  for (let n = content.minPlayers; n <= content.maxPlayers; n++) counts.push(n);
  report.counts = counts;
  const dealt = new Map(counts.map((n) => [n, new Set(castFor(content, n))]));
  const essential = new Set(essentialCharacterIds(content));
  const unknown = (id: string, where: string) => {
    if (!ids.has(id)) errors.push(`${where}: unknown character id "${id}"`);
  };
  /** The counts at which `holder` is dealt and `other` is not. */
  const absentWith = (holder: string, other: string) => counts.filter((n) => dealt.get(n)!.has(holder) && !dealt.get(n)!.has(other));

  // 1. References: ids in structured fields and tokens, and names in text.
  if (content.roles) {
    const r = content.roles;
    [...(k ? [k.killerCharacterId] : []), r.detectiveCharacterId, r.pressConferenceCharacterId, ...r.memoryFlashCharacterIds].forEach((id) =>
      unknown(id, 'roles'),
    );
  }
  for (const n of counts) for (const id of dealt.get(n)!) unknown(id, `cast at ${n}`);
  for (const c of content.characters) {
    for (const [field, text] of characterTexts(c)) {
      try {
        for (const ref of castReferences(text)) unknown(ref.id, `${c.id}.${field}`);
      } catch (e) {
        errors.push(`${c.id}.${field}: ${(e as Error).message}`);
      }
    }
  }
  const people = [...content.characters.map((c) => c.name), ...(content.otherPeople ?? []).map((p) => p.name)];
  const surnames = new Set(people.map((n) => n.split(/\s+/).at(-1)!));
  const firstNames = new Map<string, Set<string>>();
  for (const n of people) {
    const parts = n.replace(/^(?:Rev\.?|Dr|Major|DI|PC|Mr|Mrs|Miss|Sir|Lady)\s+/, '').split(/\s+/);
    if (parts.length < 2) continue;
    const set = firstNames.get(parts[0]!) ?? new Set<string>();
    set.add(parts.at(-1)!);
    firstNames.set(parts[0]!, set);
  }
  const names = fullCast(new Map(content.characters.map((c) => [c.id, c.name])));
  for (const [where, raw] of allTexts(content)) {
    let text: string;
    try {
      text = renderCastText(raw, names);
    } catch {
      continue; // reported above
    }
    for (const m of text.matchAll(TITLED)) {
      const surname = m[2]!;
      if (!surnames.has(surname) && !firstNames.has(surname)) errors.push(`${where}: "${m[0]}" names nobody in the storyline`);
    }
    for (const m of text.matchAll(FULL_NAME)) {
      const known = firstNames.get(m[1]!);
      if (known && !known.has(m[2]!) && !(m[3] && known.has(m[3])) && !firstNames.has(m[2]!) && !surnames.has(m[2]!)) {
        errors.push(`${where}: "${m[0]}" names nobody in the storyline`);
      }
    }
  }

  // 2. Whom to ask: only characters at the table, at every count.
  for (const c of content.characters) {
    c.days.forEach((d) => {
      const where = `${c.id} day ${d.day}`;
      if (WHOM_TO_ASK_PROSE.test(d.storyline)) {
        errors.push(`${where}: "Whom to ask:" is prose inside storyline; move it to whomToAsk lines`);
      }
      for (const w of d.whomToAsk) {
        unknown(w.characterId, `${where} whomToAsk`);
        if (w.characterId === c.id) errors.push(`${where} whomToAsk: tells ${c.id} to ask themself`);
        const missing = absentWith(c.id, w.characterId);
        if (missing.length === 0) continue;
        if (!w.ifAbsent) {
          errors.push(`${where} whomToAsk: names ${nameOf(w.characterId)}, absent at ${missing.join(', ')} players, with no ifAbsent line`);
          continue;
        }
        const standIn = w.ifAbsent.characterId;
        if (!standIn) continue;
        unknown(standIn, `${where} whomToAsk.ifAbsent`);
        const bothAbsent = missing.filter((n) => !dealt.get(n)!.has(standIn));
        if (bothAbsent.length > 0) {
          errors.push(
            `${where} whomToAsk: stand-in ${nameOf(standIn)} for ${nameOf(w.characterId)} is also absent at ${bothAbsent.join(', ')} players`,
          );
        }
      }
    });
  }

  // 3. Solution: coverage of every revelation at every count.
  // Without a case (a draft) there is no answer sheet yet: the draft's list of what it lacks says so.
  const sol = k ? content.solution : undefined;
  if (!sol) {
    errors.push('no solution.json: revelations, clues and standing suspects are missing');
  } else {
    const reaches = (holder: string | undefined, inPlay: (id: string) => boolean) => !holder || inPlay(holder);
    for (const r of sol.revelations) {
      const clues = sol.clues.filter((c) => c.revelations.includes(r.id));
      const row: CoverageRow = { caseId: k?.id ?? '', revelationId: r.id, title: r.title, byCount: {}, essentialOnly: 0 };
      for (const n of counts) {
        row.byCount[n] = clues.filter((c) => reaches(c.holderId, (id) => dealt.get(n)!.has(id))).length;
        if (row.byCount[n] === 0) errors.push(`revelation ${r.id}: no clue reaches a table of ${n}`);
      }
      row.essentialOnly = clues.filter((c) => reaches(c.holderId, (id) => essential.has(id))).length;
      report.coverage.push(row);
      if (row.essentialOnly === 0) errors.push(`revelation ${r.id}: no clue from public material or essential characters`);
      else if (row.essentialOnly < 3) warnings.push(`revelation ${r.id}: only ${row.essentialOnly} clue(s) from public material and essential characters (aim for 3)`);
      // Days, a public clue and two holders at each count: revelationSpread.
    }
    for (const clue of sol.clues) if (clue.holderId) unknown(clue.holderId, `clue ${clue.id}`);

    // 5. Standing suspects: three or more at the table on every day before the last.
    const killer = k?.killerCharacterId;
    for (const day of storyDays) {
      const entry = sol.standingSuspects.find((s) => s.day === day);
      if (!entry) {
        errors.push(`standingSuspects: no table for day ${day}`);
        continue;
      }
      entry.standing.forEach((s) => unknown(s.characterId, `standingSuspects day ${day}`));
      if (killer && !entry.standing.some((s) => s.characterId === killer)) warnings.push(`standingSuspects day ${day}: the killer is not standing`);
      if (day === dayCount) continue;
      for (const n of counts) {
        const atTable = entry.standing.filter((s) => dealt.get(n)!.has(s.characterId)).length;
        if (atTable < 3) errors.push(`standingSuspects day ${day}: only ${atTable} standing at a table of ${n} (needs 3)`);
      }
      if (day === dayCount - 1) {
        const breakable = entry.standing.filter((s) => s.characterId !== killer && (s.clearedBy?.length ?? 0) >= 2).length;
        if (breakable < 2) warnings.push(`standingSuspects day ${day}: ${breakable} innocent(s) standing with two clearing clues (aim for 2)`);
      }
    }
  }

  // Public fields are shown outside any game, so they cannot depend on the cast.
  for (const c of content.characters) {
    for (const f of PUBLIC_CHARACTER_FIELDS) {
      const v = c[f];
      if (typeof v === 'string' && v.includes('{{')) errors.push(`${c.id}.${f}: a public field cannot hold cast tokens`);
    }
  }

  // 4. Public fields keep the killer's and the shadows' secrets.
  const side = shadowSide(content, k);
  const publics = publicTexts(content);
  for (const id of side) {
    const c = byId.get(id);
    if (!c) continue;
    if (!c.privateWords?.length) {
      errors.push(`${id}: a killer or shadow candidate needs privateWords`);
      continue;
    }
    for (const w of c.privateWords) {
      const re = wordRe(w);
      for (const [where, text] of publics) if (re.test(text)) errors.push(`${where}: public text contains "${w}" from ${id}'s private words`);
    }
  }

  // Shadow briefs: one per day per shadow-side character, each with a target at the table.
  for (const c of content.characters) {
    const briefs = c.shadowBriefs ?? [];
    if (!side.has(c.id)) {
      if (briefs.length > 0) errors.push(`${c.id}: shadow briefs on a character who is never a Shadow`);
      continue;
    }
    const days = briefs.map((b) => b.day).sort((a, b) => a - b).join(',');
    if (days !== storyDays.join(',')) errors.push(`${c.id}: needs one shadow brief for each day 1-${dayCount} (has ${days || 'none'})`);
    for (const b of briefs) {
      for (const t of b.steer) {
        unknown(t.characterId, `${c.id} shadow brief day ${b.day}`);
        if (t.characterId === c.id) errors.push(`${c.id} shadow brief day ${b.day}: steers suspicion at themself`);
      }
      const empty = counts.filter((n) => dealt.get(n)!.has(c.id) && !b.steer.some((t) => dealt.get(n)!.has(t.characterId)));
      if (empty.length > 0) errors.push(`${c.id} shadow brief day ${b.day}: no steer target in the game at ${empty.join(', ')} players`);
      if (sol) {
        // Whether someone else can catch the lie at each count: riskyLiesCatchable.
        const byClue = new Map(sol.clues.map((x) => [x.id, x]));
        for (const id of b.caughtBy) if (!byClue.has(id)) errors.push(`${c.id} shadow brief day ${b.day}: unknown clue "${id}"`);
      }
    }
  }

  // Cast-aware narrative: unguarded mentions of someone who may be absent (fine for an off-stage villager, wrong for "she saw you").
  for (const c of content.characters) {
    for (const [field, text] of characterTexts(c)) {
      let refs: ReturnType<typeof castReferences>;
      try {
        refs = castReferences(text);
      } catch {
        continue;
      }
      const implied = impliedPresent(c, field);
      const loose = new Set(
        refs.filter((r) => r.id !== implied && !r.guardedBy.includes(r.id) && absentWith(c.id, r.id).length > 0).map((r) => r.id),
      );
      if (loose.size > 0) warnings.push(`${c.id}.${field}: mentions ${[...loose].map(nameOf).join(', ')}, who may be absent, outside a {{?id}} block`);
    }
  }

  // Checker v2: the storyline as each seat reads it, at each count.
  for (const p of datesAndLedger(content, k).errors) errors.push(p);
  if (k && sol) {
    const view: TableView = { content, k, counts, dealt };
    const rules = { clueMarkers, revelationSpread, standingIntoVote, killerNamed, plainNamesOfAbsent, riskyLiesCatchable, wordsPerDay };
    for (const rule of Object.values(rules)) {
      const f = rule(view);
      errors.push(...f.errors);
      warnings.push(...f.warnings);
    }
    report.pointerTables.push(pointerTable(view));
  }
  return report;
}

/** The character a line is only shown with: a steer's target, a whom-to-ask line's (or stand-in's) character. */
function impliedPresent(c: TContentCharacter, field: string): string | undefined {
  const steer = /^shadowBriefs\[(\d+)\]\.steer\[(\d+)\]/.exec(field);
  if (steer) return c.shadowBriefs?.[Number(steer[1])]?.steer[Number(steer[2])]?.characterId;
  const ask = /^days\[(\d+)\]\.whomToAsk\[(\d+)\]\.(about|ifAbsent)/.exec(field);
  if (!ask) return undefined;
  const w = c.days[Number(ask[1])]?.whomToAsk?.[Number(ask[2])];
  return ask[3] === 'about' ? w?.characterId : w?.ifAbsent?.characterId;
}

/** The coverage table: one row per revelation, clue counts per player count, plus the essential-only column. */
export function formatCoverage(report: CheckReport, counts: readonly number[] = report.counts): string {
  const shown = counts.filter((n) => report.counts.includes(n));
  const head = ['revelation', ...shown.map(String), 'ess+pub'];
  const several = new Set(report.coverage.map((r) => r.caseId)).size > 1;
  const rows = report.coverage.map((r) => [several ? `${r.caseId}/${r.revelationId}` : r.revelationId, ...shown.map((n) => String(r.byCount[n] ?? 0)), String(r.essentialOnly)]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ');
  return [
    `${report.storylineId}: clues reaching the table per player count`,
    line(head),
    widths.map((w) => '-'.repeat(w)).join('-|-'),
    ...rows.map(line),
  ].join('\n');
}

/** A full human-readable report: errors, warnings and the coverage table. */
export function formatReport(report: CheckReport, counts?: readonly number[]): string {
  const parts = [report.draft ? `${report.storylineId}: draft (coming soon)` : '', formatCoverage(report, counts), ...report.pointerTables].filter(Boolean);
  parts.push(`errors (${report.errors.length}):`, ...report.errors.map((e) => `  - ${e}`));
  parts.push(`warnings (${report.warnings.length}):`, ...report.warnings.map((w) => `  - ${w}`));
  return parts.join('\n');
}

