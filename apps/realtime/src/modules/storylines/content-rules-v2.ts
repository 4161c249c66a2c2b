import {
  casesOf,
  contentInCase,
  renderCastText,
  type CastContext,
  type TContentCharacter,
  type TStorylineCase,
  type TStorylineContent,
} from '@ss/protocol';

/**
 * Checker v2: the rules that read the storyline as each seat reads it, at each player count (see
 * docs/content/FORMAT.md "What the checker fails on"). Each rule returns its findings; `content-checker.ts` runs them
 * once per case and merges them like its other findings.
 */
export interface Findings {
  errors: string[];
  warnings: string[];
}

/** One case's view of the table: the counts of the range and who is dealt at each. */
export interface TableView {
  content: TStorylineContent;
  k: TStorylineCase;
  counts: number[];
  dealt: Map<number, Set<string>>;
}

/**
 * Words a seat may read on one day (its day texts, media captions, whom-to-ask lines, the shared clue and, for a
 * Shadow, that day's brief; the character sheet is not counted). Measured on 2026-11-25: the most is Hollowmere's
 * Inspector on Day 4 at 6 players, 1,125 words; Gull Rock's Sergeant on Day 1, 690. At a phone reader's 200 words a
 * minute, 1,200 words is six minutes of a day phase: above it a warning, above 1,600 (eight minutes) an error.
 */
export const WORDS_PER_DAY_SOFT = 1200;
export const WORDS_PER_DAY_HARD = 1600;

const TITLE_PREFIX = /^(?:Rev\.?|Revd|Reverend|Dr\.?|Major|DI|DCI|DS|DC|PC|WPC|Sgt\.?|Sergeant|Inspector|Constable|Mr\.?|Mrs\.?|Miss|Ms|Sir|Lady|Lord|Father|Nurse)\s+/;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const wordRe = (w: string) => new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRe(w)}(?=$|[^\\p{L}\\p{N}])`, 'u');
const wordReI = (w: string) => new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRe(w)}(?=$|[^\\p{L}\\p{N}])`, 'iu');

/** Titles that name one person on their own ("the Major") when nobody else in the storyline holds them. */
const RANKS = new Set(['Major', 'Sergeant', 'Inspector', 'Constable', 'Father', 'Nurse']);

/**
 * The forms a text may name a character by: the full name (title dropped), the first name and the surname; with a
 * title, the title and surname ("Rev. Pennick", also without the dot) and, for a rank nobody else holds, "the Major";
 * each also in capitals.
 * A first name or surname that another character or off-stage person shares is left out: it does not say which one.
 */
export function nameForms(content: TStorylineContent, id: string): string[] {
  const people = [...content.characters.map((c) => ({ id: c.id, name: c.name })), ...(content.otherPeople ?? []).map((p) => ({ id: '', name: p.name }))];
  const partsOf = (n: string) => n.replace(TITLE_PREFIX, '').split(/\s+/).filter(Boolean);
  const titleOf = (n: string) => TITLE_PREFIX.exec(n)?.[0].trim();
  const me = content.characters.find((c) => c.id === id);
  if (!me) return [];
  const parts = partsOf(me.name);
  const forms = new Set([parts.join(' ')]);
  const shared = (w: string) => people.some((p) => p.id !== id && partsOf(p.name).includes(w));
  if (parts.length >= 2) {
    if (!shared(parts[0]!)) forms.add(parts[0]!);
    if (!shared(parts.at(-1)!)) forms.add(parts.at(-1)!);
  }
  const title = titleOf(me.name);
  if (title && parts.length >= 1) {
    const bare = title.replace(/\.$/, '');
    for (const t of new Set([title, bare])) forms.add(`${t} ${parts.at(-1)!}`);
    if (RANKS.has(bare) && !people.some((p) => p.id !== id && titleOf(p.name)?.replace(/\.$/, '') === bare)) forms.add(`the ${bare}`).add(`The ${bare}`);
  }
  // Capitals too: a chalkboard or a headline writes "TOM OWES A PINT".
  for (const f of [...forms]) forms.add(f.toUpperCase());
  return [...forms];
}

const namesIn = (text: string, forms: string[]) => forms.some((f) => wordRe(f).test(text));

/** A cast context for a table of `n`: names render, `{{?id}}` picks the branch of who is dealt. */
function castAt(content: TStorylineContent, present: Set<string>, blankNames = false): CastContext {
  const names = new Map(content.characters.map((c) => [c.id, c.name]));
  return { nameOf: (id) => (blankNames ? '\u2022' : names.get(id)), inGame: (id) => present.has(id) };
}

const safeRender = (text: string, cast: CastContext) => {
  try {
    return renderCastText(text, cast);
  } catch {
    return ''; // a malformed token is reported by the reference rule
  }
};

/** A seat's day texts, field by field (what `storyline` etc. hold for that day). */
function dayFields(c: TContentCharacter, day: number): Array<[string, string]> {
  const d = c.days.find((x) => x.day === day);
  if (!d) return [];
  const out: Array<[string, string]> = [['storyline', d.storyline], ['victimRelationship', d.victimRelationship]];
  if (d.pressConference) out.push(['pressConference', d.pressConference]);
  if (d.memoryFlash) out.push(['memoryFlash', d.memoryFlash]);
  return out;
}

const words = (t: string) => (t.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).length;

/**
 * Rule 1: every clue declares its `where`, a text or image that exists and that a seat dealt wherever the clue counts
 * reads. A clue without one is an error (a coming-soon draft reports it as a warning, like its other errors).
 */
export function clueMarkers(v: TableView): Findings {
  const { content, k, counts, dealt } = v;
  const errors: string[] = [];
  const warnings: string[] = [];
  const unmarked = k.solution.clues.filter((c) => !c.where);
  if (unmarked.length > 0) {
    const ids = unmarked.map((c) => c.id);
    const list = ids.length > 5 ? `${ids.slice(0, 5).join(', ')} and ${ids.length - 5} more` : ids.join(', ');
    errors.push(`${content.id} case ${k.id} clues: ${unmarked.length} of ${k.solution.clues.length} clues declare no "where" (not traced to a text a seat reads): ${list}`);
  }
  for (const clue of k.solution.clues) {
    const w = clue.where;
    if (!w) continue;
    const at = `${content.id} case ${k.id} clue ${clue.id}`;
    if (w.day !== clue.day) errors.push(`${at}: where.day ${w.day} is not the clue's day ${clue.day}`);
    if (w.field === 'clue') {
      if (w.characterId) errors.push(`${at}: a day's shared clue has no characterId`);
      const d = content.days.find((x) => x.day === w.day);
      if (!d?.clue.trim()) errors.push(`${at}: day ${w.day} has no shared clue text`);
      continue;
    }
    if (!w.characterId) {
      errors.push(`${at}: where.${w.field} needs a characterId`);
      continue;
    }
    if (clue.holderId && clue.holderId !== w.characterId) errors.push(`${at}: held by ${clue.holderId} but carried in ${w.characterId}'s text`);
    const c = content.characters.find((x) => x.id === w.characterId);
    const d = c?.days.find((x) => x.day === w.day);
    if (!c || !d) {
      errors.push(`${at}: ${w.characterId} has no day ${w.day}`);
      continue;
    }
    // The warrant's finds belong to the character, not to a day: `day` says after which day's vote they count.
    const value = w.field === 'searchWarrantEvidence' ? c.searchWarrantEvidence : d[w.field];
    const empty = Array.isArray(value)
      ? w.index === undefined
        ? value.length === 0
        : !value[w.index]
      : !value?.trim();
    if (empty) errors.push(`${at}: ${w.characterId} day ${w.day} ${w.field}${w.index === undefined ? '' : `[${w.index}]`} is empty or missing`);
    // A text carrier must still say something at each count once tonight's cast drops its blocks.
    if (!empty && typeof value === 'string') {
      const blank = counts.filter((n) => dealt.get(n)!.has(w.characterId!) && !safeRender(value, castAt(content, dealt.get(n)!)).trim());
      if (blank.length > 0) errors.push(`${at}: ${w.characterId} day ${w.day} ${w.field} renders empty at ${blank.join(', ')} players`);
    }
    // The clue counts at a count where its holder is dealt (a public clue: at every count); a seat must read it there.
    const missing = counts.filter((n) => (!clue.holderId || dealt.get(n)!.has(clue.holderId)) && !dealt.get(n)!.has(w.characterId!));
    if (missing.length > 0) errors.push(`${at}: carried by ${w.characterId}, who is not dealt at ${missing.join(', ')} players`);
  }
  return { errors, warnings };
}

/** Rule 2: at each count, each revelation's reaching clues span two days, include a public one and two holders. */
export function revelationSpread(v: TableView): Findings {
  const { content, k, counts, dealt } = v;
  const errors: string[] = [];
  for (const r of k.solution.revelations) {
    const clues = k.solution.clues.filter((c) => c.revelations.includes(r.id));
    const problems = new Map<string, number[]>();
    const note = (p: string, n: number) => problems.set(p, [...(problems.get(p) ?? []), n]);
    for (const n of counts) {
      const reach = clues.filter((c) => !c.holderId || dealt.get(n)!.has(c.holderId));
      if (reach.length === 0) continue; // the coverage rule says so
      if (new Set(reach.map((c) => c.day)).size < 2) note('clues on fewer than two days', n);
      if (!reach.some((c) => c.visibility === 'public')) note('no public clue', n);
      if (new Set(reach.map((c) => c.holderId ?? '(public)')).size < 2) note('fewer than two holders', n);
    }
    for (const [p, ns] of problems) errors.push(`${content.id} case ${k.id} revelation ${r.id}: ${p} at ${ns.join(', ')} players`);
  }
  return { errors, warnings: [] };
}

/**
 * Rule 3: two or more dealt suspects stand into the vote (the last day's list). Three or more through every earlier
 * day, the second-last included, is the standing-suspects rule of the base checker.
 */
export function standingIntoVote(v: TableView): Findings {
  const { content, k, counts, dealt } = v;
  const errors: string[] = [];
  const last = content.days.length;
  const entry = k.solution.standingSuspects.find((s) => s.day === last);
  if (!entry) return { errors, warnings: [] }; // reported as a missing day
  const short = counts.filter((n) => entry.standing.filter((s) => dealt.get(n)!.has(s.characterId)).length < 2);
  if (short.length > 0) errors.push(`${content.id} case ${k.id} day ${last}: fewer than two dealt suspects stand into the vote at ${short.join(', ')} players`);
  return { errors, warnings: [] };
}

/** The "What you learned" paragraph of a day's storyline (its first paragraph). */
const learnedParagraph = (storyline: string) => storyline.split(/\n\s*\n/)[0] ?? '';

/** Rule 4: on each day at most half the other sheets name the killer in their day text; no recap names him. */
export function killerNamed(v: TableView): Findings {
  const { content, k, counts, dealt } = v;
  const errors: string[] = [];
  const killer = k.killerCharacterId;
  const forms = nameForms(content, killer);
  const killerName = content.characters.find((c) => c.id === killer)?.name ?? killer;
  const recap = new Set<string>();
  for (const day of content.days.map((d) => d.day)) {
    const over: string[] = [];
    for (const n of counts) {
      const cast = castAt(content, dealt.get(n)!);
      const sheets = content.characters.filter((c) => dealt.get(n)!.has(c.id) && c.id !== killer);
      const naming = sheets.filter((c) => dayFields(c, day).some(([, t]) => namesIn(safeRender(t, cast), forms)));
      if (naming.length * 2 > sheets.length) over.push(`${naming.length}/${sheets.length} at ${n}`);
      for (const c of sheets) {
        const d = c.days.find((x) => x.day === day);
        if (d && namesIn(learnedParagraph(safeRender(d.storyline, cast)), forms)) recap.add(`${c.id} day ${day}`);
      }
    }
    if (over.length > 0) errors.push(`${content.id} case ${k.id} day ${day}: more than half the sheets name the killer ${killerName} (${over.join(', ')})`);
  }
  for (const r of recap) errors.push(`${content.id} case ${k.id} ${r}: the "What you learned" paragraph names the killer ${killerName}`);
  return { errors, warnings: [] };
}

/** Every text of a character a seat reads, by field (sheet, days, whom-to-ask lines, briefs). */
function seatTexts(c: TContentCharacter): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const sheet = ['backstory', 'relationships', 'secrets', 'motivation', 'gameObjective', 'specialInstructions', 'gameplayTips', 'storylineHomepage', 'pressConferenceHomepage'] as const;
  for (const f of sheet) {
    const t = c[f];
    if (typeof t === 'string') out.push([f, t]);
  }
  for (const d of c.days) {
    for (const [f, t] of dayFields(c, d.day)) out.push([`day ${d.day} ${f}`, t]);
    for (const m of [...d.maps, ...d.clueImages, ...d.characterKnowledge]) out.push([`day ${d.day} media`, `${m.caption}\n${m.alt}`]);
  }
  for (const b of c.shadowBriefs ?? []) out.push([`shadow brief day ${b.day}`, [b.hide, b.safeLie, b.riskyLie].join('\n')]);
  return out;
}

/**
 * Rule 5: no plain-name mention (not a cast token, outside a `{{?id}}` block) of a character absent at that count, in
 * a day's shared clue or any text a dealt seat reads.
 */
export function plainNamesOfAbsent(v: TableView): Findings {
  const { content, k, counts, dealt } = v;
  const found = new Map<string, number[]>();
  const forms = new Map(content.characters.map((c) => [c.id, nameForms(content, c.id)]));
  for (const n of counts) {
    const present = dealt.get(n)!;
    const absent = content.characters.filter((c) => !present.has(c.id));
    if (absent.length === 0) continue;
    // Tokens render as a bullet: only names written in plain text are left to find.
    const cast = castAt(content, present, true);
    // Every seat reads each day's shared clue; then each dealt seat its own texts.
    const texts: Array<[string, string]> = content.days.map((d) => [`day ${d.day} clue`, d.clue]);
    for (const c of content.characters.filter((x) => present.has(x.id))) for (const [field, raw] of seatTexts(c)) texts.push([`${c.id} ${field}`, raw]);
    for (const [where, raw] of texts) {
      const text = safeRender(raw, cast);
      for (const a of absent) {
        if (!namesIn(text, forms.get(a.id)!)) continue;
        const key = `${where}: names ${a.name}`;
        found.set(key, [...(found.get(key) ?? []), n]);
      }
    }
  }
  const errors = [...found].map(([m, ns]) => `${content.id} case ${k.id} ${m} in plain text, absent at ${ns.join(', ')} players (use {{id}} inside {{?id}}…{{/}})`);
  return { errors, warnings: [] };
}

/** Rule 6: every risky lie can be caught by a clue someone other than the liar holds (or a public one), at each count. */
export function riskyLiesCatchable(v: TableView): Findings {
  const { content, k, counts, dealt } = v;
  const errors: string[] = [];
  const byId = new Map(k.solution.clues.map((c) => [c.id, c]));
  for (const c of content.characters) {
    for (const b of c.shadowBriefs ?? []) {
      const uncaught = counts.filter(
        (n) =>
          dealt.get(n)!.has(c.id) &&
          !b.caughtBy.some((id) => {
            const clue = byId.get(id);
            return clue && (!clue.holderId || (clue.holderId !== c.id && dealt.get(n)!.has(clue.holderId)));
          }),
      );
      if (uncaught.length > 0) {
        errors.push(`${content.id} case ${k.id} ${c.id} shadow brief day ${b.day}: the risky lie can be caught only by the liar's own or absent clues at ${uncaught.join(', ')} players`);
      }
    }
  }
  return { errors, warnings: [] };
}

/** The words one seat reads on one day at a table (its day texts and media, the shared clue, a Shadow's brief). */
export function seatDayWords(content: TStorylineContent, c: TContentCharacter, day: number, present: Set<string>): number {
  const cast = castAt(content, present);
  const d = c.days.find((x) => x.day === day);
  if (!d) return 0;
  const parts = [
    ...dayFields(c, day).map(([, t]) => t),
    ...[...d.maps, ...d.clueImages, ...d.characterKnowledge].map((m) => m.caption),
    ...d.whomToAsk.map((w) => w.about),
    content.days.find((x) => x.day === day)?.clue ?? '',
  ];
  const brief = c.shadowBriefs?.find((b) => b.day === day);
  if (brief) parts.push(brief.hide, brief.safeLie, brief.riskyLie, ...brief.steer.map((s) => s.material));
  return parts.reduce((sum, t) => sum + words(safeRender(t, cast)), 0);
}

/** Rule 7: words per seat per day under the soft limit (warning) and the hard one (error). */
export function wordsPerDay(v: TableView): Findings {
  const { content, k, counts, dealt } = v;
  const errors: string[] = [];
  const warnings: string[] = [];
  for (const c of content.characters) {
    for (const d of content.days) {
      const worst = Math.max(0, ...counts.filter((n) => dealt.get(n)!.has(c.id)).map((n) => seatDayWords(content, c, d.day, dealt.get(n)!)));
      const at = `${content.id} case ${k.id} ${c.id} day ${d.day}: ${worst} words`;
      if (worst > WORDS_PER_DAY_HARD) errors.push(`${at} (hard limit ${WORDS_PER_DAY_HARD})`);
      else if (worst > WORDS_PER_DAY_SOFT) warnings.push(`${at} (soft limit ${WORDS_PER_DAY_SOFT})`);
    }
  }
  return { errors, warnings };
}

/** Rule 8: no day name carries a private word of any case's killer or shadow candidates, or any case's killer's name. */
export function dayNameSpoilers(content: TStorylineContent): Findings {
  const errors: string[] = [];
  for (const k of casesOf(content)) {
    const told = contentInCase(content, k);
    const side = new Set([...told.shadowCandidates, k.killerCharacterId]);
    const privateWords = told.characters.filter((c) => side.has(c.id)).flatMap((c) => c.privateWords ?? []);
    const killerForms = nameForms(content, k.killerCharacterId);
    for (const d of content.days) {
      for (const w of privateWords) if (wordReI(w).test(d.name)) errors.push(`${content.id} day ${d.day} name "${d.name}": holds "${w}", a private word of case ${k.id}`);
      if (namesIn(d.name, killerForms)) errors.push(`${content.id} day ${d.day} name "${d.name}": names the killer of case ${k.id}`);
    }
  }
  return { errors: [...new Set(errors)], warnings: [] };
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WD = WEEKDAYS.join('|');
const MO = MONTHS.join('|');
/** "Monday 14th July 1986", "Monday, 14 July 1986", "Monday, July 14th, 1986". */
const DATED = new RegExp(`\\b(${WD}),? (?:(\\d{1,2})(?:st|nd|rd|th)? (${MO})|(${MO}) (\\d{1,2})(?:st|nd|rd|th)?),? (\\d{4})\\b`, 'g');

/** The weekday-against-date mismatches in a text. */
export function dateProblems(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(DATED)) {
    const day = Number(m[2] ?? m[5]);
    const month = MONTHS.indexOf((m[3] ?? m[4])!);
    const year = Number(m[6]);
    const date = new Date(Date.UTC(year, month, day));
    if (date.getUTCMonth() !== month) {
      out.push(`"${m[0]}" is not a date`);
      continue;
    }
    const real = WEEKDAYS[date.getUTCDay()]!;
    if (real !== m[1]) out.push(`"${m[0]}" was a ${real}`);
  }
  return out;
}

/** Rule 9: weekdays agree with dates in day dates and every text; a declared money ledger adds up. */
export function datesAndLedger(content: TStorylineContent, k: TStorylineCase | null): Findings {
  const errors: string[] = [];
  const texts: Array<[string, string]> = [['summary', content.summary]];
  for (const d of content.days) texts.push([`days[${d.day}].date`, d.date], [`days[${d.day}].clue`, d.clue], [`days[${d.day}].name`, d.name]);
  for (const c of content.characters) for (const [f, t] of seatTexts(c)) texts.push([`${c.id} ${f}`, t]);
  if (k) texts.push([`case ${k.id} reveal`, k.reveal ?? '']);
  // Said without the case: a finding of every case's text is then said once (a case's rewrite names its case).
  for (const [where, t] of texts) for (const p of dateProblems(t)) errors.push(`${content.id} ${where}: ${p}`);
  for (const acc of k?.solution.ledger ?? []) {
    const sum = acc.items.reduce((s, i) => s + i.amount, 0);
    if (Math.abs(sum - acc.total) > 0.005) errors.push(`${content.id} case ${k!.id} ledger "${acc.label}": items add up to ${sum}, the total says ${acc.total}`);
  }
  return { errors: [...new Set(errors)], warnings: [] };
}

/**
 * The pointer table of a case: one row per day, one column per suspect ever standing; a cell lists who holds, at the
 * smallest count, that day's clues pointing at that suspect (the killer: every clue of the revelation list; an
 * innocent: the clues that clear them). "pub" is public material.
 */
export function pointerTable(v: TableView): string {
  const { content, k, counts, dealt } = v;
  const smallest = dealt.get(counts[0]!) ?? new Set<string>();
  const suspects = [...new Set(k.solution.standingSuspects.flatMap((d) => d.standing.map((s) => s.characterId)))];
  const clearing = new Map<string, Set<string>>();
  for (const d of k.solution.standingSuspects) for (const s of d.standing) for (const id of s.clearedBy ?? []) clearing.set(s.characterId, (clearing.get(s.characterId) ?? new Set()).add(id));
  const short = (id: string) => id.replace(/^[a-z]+-/, '');
  const head = ['day', ...suspects.map((id) => (id === k.killerCharacterId ? `${short(id)}*` : short(id)))];
  const rows = content.days.map((d) => [
    String(d.day),
    ...suspects.map((sid) => {
      const clues = k.solution.clues.filter(
        (c) => c.day === d.day && (!c.holderId || smallest.has(c.holderId)) && (sid === k.killerCharacterId || clearing.get(sid)?.has(c.id)),
      );
      return [...new Set(clues.map((c) => (c.holderId ? short(c.holderId) : 'pub')))].join(' ') || '-';
    }),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
  return [
    `${content.id} case ${k.id}: pointer table at ${counts[0]} players (holders of each day's clues per suspect; * the killer, pub = public)`,
    line(head),
    widths.map((w) => '-'.repeat(w)).join('-|-'),
    ...rows.map(line),
  ].join('\n');
}
