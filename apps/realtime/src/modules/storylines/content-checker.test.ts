import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TStorylineCase, TStorylineContent } from '@ss/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkStoryline, formatCoverage, formatReport } from './content-checker.js';
import { loadStorylineContent } from './content-loader.js';
import { caseA, char, clone, loadFixtureStoryline } from '../../../test/fixture-storyline.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const CONTENT_DIR = path.resolve(HERE, '../../../content');
const FIXTURE_DAYS_DIR = path.resolve(HERE, '../../../test/fixtures/content-days');
/** Every real storyline is published; a coming-soon draft (no cast yet) lives here. */
const DRAFTS_DIR = path.resolve(HERE, '../../../test/fixtures/content-drafts');

/** Each storyline's smallest, a middle and its largest table. */
const tableSizes = (s: TStorylineContent) => [...new Set([s.minPlayers, Math.round((s.minPlayers + s.maxPlayers) / 2), s.maxPlayers])];

describe('content checker on the real storylines', () => {
  let playable: TStorylineContent[];
  beforeAll(async () => {
    playable = (await loadStorylineContent(CONTENT_DIR)).filter((s) => s.characters.length > 0);
  });

  it('passes every playable storyline and prints its coverage at its minimum, a middle count and its maximum', () => {
    const published = playable.filter((s) => s.status === 'published');
    expect(published.length).toBeGreaterThan(0);
    for (const s of published) {
      const report = checkStoryline(s);
      // The table goes to the test log: the closing note of a content change quotes it.
      console.log(formatReport(report, tableSizes(s)));
      expect(report.errors, s.id).toEqual([]);
      expect(s.minPlayers, s.id).toBeGreaterThanOrEqual(6);
      for (const n of tableSizes(s)) expect(report.counts, s.id).toContain(n);
      for (const n of tableSizes(s)) for (const row of report.coverage) expect(row.byCount[n], `${s.id} ${row.revelationId} at ${n}`).toBeGreaterThan(0);
    }
  });

  it('checks coming-soon storylines as drafts: warnings that say what they lack, never errors', async () => {
    const drafts = (await loadStorylineContent(DRAFTS_DIR)).filter((s) => s.status === 'coming_soon');
    expect(drafts.length).toBeGreaterThan(0);
    for (const s of drafts) {
      const report = checkStoryline(s);
      console.log(formatReport(report));
      expect(report.draft).toBe(true);
      expect(report.errors, s.id).toEqual([]);
      // A draft's range, tiers and summary agree (it is sold for prepurchase).
      expect(report.warnings.filter((w) => /pricingTiers|summary|minPlayers/.test(w)), s.id).toEqual([]);
      if (s.characters.length === 0) expect(report.warnings).toContain('draft: no characters yet');
    }
  });
});

describe('content checker on storylines of three and five days', () => {
  it('passes each at its minimum, a middle count and its maximum, holding every per-day rule to its own days', async () => {
    const loaded = await loadStorylineContent(FIXTURE_DAYS_DIR);
    expect(loaded.map((s) => s.days.length)).toEqual([3, 5]);
    for (const s of loaded) {
      const report = checkStoryline(s);
      expect(report.errors, s.id).toEqual([]);
      for (const n of tableSizes(s)) expect(report.counts).toContain(n);
      // Every day before the last keeps three standing; removing one on the day before the last is caught there.
      const broken = structuredClone(s);
      const last = s.days.length;
      // (In both cases, so said once.)
      for (const k of broken.cases!) k.solution.standingSuspects.find((d) => d.day === last - 1)!.standing.splice(2);
      expect(checkStoryline(broken).errors).toContain(`standingSuspects day ${last - 1}: only 2 standing at a table of ${s.minPlayers} (needs 3)`);
      // The last day may narrow to two (into the vote), not to one.
      for (const k of broken.cases!) k.solution.standingSuspects.find((d) => d.day === last)!.standing.splice(2);
      expect(checkStoryline(broken).errors.some((e) => e.includes(`day ${last}:`))).toBe(false);
      for (const k of broken.cases!) k.solution.standingSuspects.find((d) => d.day === last)!.standing.splice(1);
      expect(checkStoryline(broken).errors.some((e) => e.includes(`day ${last}: fewer than two dealt suspects stand into the vote`))).toBe(true);
      // One shadow brief per declared day (the first case's killer).
      const k = broken.cases![0]!;
      const killer = k.characters![k.killerCharacterId]!;
      killer.shadowBriefs = killer.shadowBriefs!.slice(0, 2);
      expect(checkStoryline(broken).errors).toContain(`case ${k.id}: ${k.killerCharacterId}: needs one shadow brief for each day 1-${last} (has 1,2)`);
    }
  });

  it('turns a published storyline whose summary disagrees with its range into an error, and a draft\'s into a warning', async () => {
    const [three] = await loadStorylineContent(FIXTURE_DAYS_DIR);
    const s = structuredClone(three!);
    s.summary = 'Eleven people, for 4 to 9 players, over four days.';
    const errors = checkStoryline(s).errors;
    expect(errors).toContain('summary: the summary says "for 4 to 9 players", the storyline is for 5 to 9 players');
    expect(errors).toContain('summary: the summary says "four days", the storyline has 3 days');
    s.summary = 'Eight people are trapped.';
    expect(checkStoryline(s).errors).toContain('summary: the summary names Eight people, but the storyline seats up to 9 players');
    s.status = 'coming_soon';
    const draft = checkStoryline(s);
    expect(draft.errors).toEqual([]);
    expect(draft.warnings).toContain('draft: summary: the summary names Eight people, but the storyline seats up to 9 players');
  });
});

/** A character's rewrites in a case. */
const inCase = (k: TStorylineCase, id: string) => (k.characters![id] ??= {});

describe('content checker on the fixture storyline', () => {
  let fixture: TStorylineContent;
  beforeAll(async () => {
    fixture = await loadFixtureStoryline();
  });

  it('passes the fixture and prints its coverage per player count', () => {
    const report = checkStoryline(fixture);
    expect(report.errors).toEqual([]);
    expect(report.counts).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const table = formatCoverage(report, [4, 8, 12]);
    expect(table.split('\n')[1]).toMatch(/^revelation\s+\| 4 \| 8 \| 12 \| ess\+pub$/);
    // r-means: two clues reach every table; the nurse (dealt only at 12) adds a third.
    expect(report.coverage.find((r) => r.revelationId === 'r-means')).toMatchObject({ byCount: { 4: 2, 11: 2, 12: 3 }, essentialOnly: 2 });
  });

  it('fails on an unknown character id or a name nobody has', () => {
    const s = clone(fixture);
    char(s, 'fx-maid').days[0]!.whomToAsk[0]!.characterId = 'fx-ghost';
    char(s, 'fx-maid').days[1]!.storyline = 'Ask {{fx-nobody}} about it.';
    char(s, 'fx-maid').secrets = 'You owe Mr Pemberton money and Clara Vane knows.';
    const errors = checkStoryline(s).errors.join('\n');
    expect(errors).toContain('fx-maid day 1 whomToAsk: unknown character id "fx-ghost"');
    expect(errors).toContain('fx-maid.days[1].storyline: unknown character id "fx-nobody"');
    expect(errors).toContain('"Mr Pemberton" names nobody');
    expect(errors).toContain('"Clara Vane" names nobody');
    // Off-stage people declared in otherPeople, and real characters' names, pass.
    char(s, 'fx-maid').secrets = 'Squire Hale and Clara Voss and Mrs Voss know.';
    expect(checkStoryline(s).errors.join('\n')).not.toContain('fx-maid.secrets');
  });

  it('fails on a whom-to-ask line that can name an absent character', () => {
    const s = clone(fixture);
    // The nurse is dealt only at 12; the maid from 8 on.
    delete char(s, 'fx-maid').days[2]!.whomToAsk[1]!.ifAbsent;
    char(s, 'fx-cook').days[0]!.whomToAsk[1]!.ifAbsent = { characterId: 'fx-solicitor', about: 'ask the solicitor' };
    char(s, 'fx-cook').days[1]!.storyline = 'Day 2.\n\nWhom to ask: Clara Voss.';
    const errors = checkStoryline(s).errors;
    expect(errors).toContain('fx-maid day 3 whomToAsk: names Jane Holt, absent at 8, 9, 10, 11 players, with no ifAbsent line');
    expect(errors).toContain('fx-cook day 1 whomToAsk: stand-in Basil Crane for Jane Holt is also absent at 4, 5, 6, 7, 8, 9, 10 players');
    expect(errors).toContain('fx-cook day 2: "Whom to ask:" is prose inside storyline; move it to whomToAsk lines');
  });

  it('fails at every count where a revelation loses all its clues', () => {
    const s = clone(fixture);
    // Only the nurse's clue left for the means: tables below 12 lose it.
    // Only in the first case: the finding names it.
    const sol = caseA(s).solution;
    sol.clues = sol.clues.filter((c) => !c.revelations.includes('r-means') || c.holderId === 'fx-nurse');
    const report = checkStoryline(s);
    for (const n of [4, 8, 11]) expect(report.errors).toContain(`case fx-candlestick: revelation r-means: no clue reaches a table of ${n}`);
    expect(report.errors.join('\n')).not.toContain('revelation r-means: no clue reaches a table of 12');
    expect(report.errors).toContain('case fx-candlestick: revelation r-means: no clue from public material or essential characters');
    expect(report.errors.some((e) => e.includes('fx-poison'))).toBe(false);
  });

  it("fails on a public field holding a word of the killer's or a shadow's private list", () => {
    const s = clone(fixture);
    char(s, 'fx-doctor').description = 'Dr Pike, who stands to gain an Inheritance.';
    s.days[2]!.teaser = 'A candlestick is missing.';
    const errors = checkStoryline(s).errors;
    // The butler is a Shadow only in the first case: his words are checked there.
    expect(errors).toContain(`case fx-candlestick: fx-doctor.description: public text contains "inheritance" from fx-butler's private words`);
    expect(errors).toContain(`case fx-candlestick: days[3].teaser: public text contains "candlestick" from fx-butler's private words`);
    // The second case's killer has words of his own.
    s.summary = 'A test mystery with weedkiller.';
    expect(checkStoryline(s).errors).toContain(`case fx-poison: summary: public text contains "weedkiller" from fx-gardener's private words`);
    // Private fields may say it; a word inside another word does not count.
    char(s, 'fx-doctor').description = 'Dr Pike, disinheritance lawyer.';
    char(s, 'fx-doctor').secrets = 'The inheritance.';
    expect(checkStoryline(s).errors.filter((e) => e.startsWith('fx-doctor'))).toEqual([]);
  });

  it('fails on a day before Day 4 with fewer than three standing at some table', () => {
    const s = clone(fixture);
    for (const k of s.cases!) {
      const day2 = k.solution.standingSuspects.find((d) => d.day === 2)!;
      day2.standing = day2.standing.filter((x) => x.characterId !== 'fx-gardener');
      day2.standing.push({ characterId: 'fx-nurse', why: 'dealt only at 12' });
    }
    const errors = checkStoryline(s).errors;
    expect(errors).toContain('standingSuspects day 2: only 2 standing at a table of 4 (needs 3)');
    expect(errors).not.toContain('standingSuspects day 2: only 2 standing at a table of 12 (needs 3)');
    // Day 4 may narrow to two (into the vote).
    for (const k of s.cases!) k.solution.standingSuspects.find((d) => d.day === 4)!.standing.splice(2);
    expect(checkStoryline(s).errors.some((e) => e.includes('day 4'))).toBe(false);
  });

  it('fails on a shadow without briefs or private words, or a brief with no target at the table', () => {
    const s = clone(fixture);
    // Broken in every case, so said once.
    for (const k of s.cases!) {
      delete inCase(k, 'fx-vicar').shadowBriefs;
      delete inCase(k, 'fx-maid').privateWords;
      inCase(k, 'fx-doctor').shadowBriefs![0]!.steer = [{ characterId: 'fx-nurse', material: 'the nurse' }];
      inCase(k, 'fx-inspector').shadowBriefs = inCase(k, 'fx-cook').shadowBriefs;
    }
    const errors = checkStoryline(s).errors;
    expect(errors).toContain('fx-vicar: needs one shadow brief for each day 1-4 (has none)');
    expect(errors).toContain('fx-maid: a killer or shadow candidate needs privateWords');
    expect(errors).toContain('fx-doctor shadow brief day 1: no steer target in the game at 6, 7, 8, 9, 10, 11 players');
    expect(errors).toContain('fx-inspector: shadow briefs on a character who is never a Shadow');
  });

  it("checks each case as it tells the story: its killer's briefs, its rewrites, its clues", () => {
    const s = clone(fixture);
    // The butler is innocent in the second case: a brief there is an error of that case only.
    inCase(s.cases![1]!, 'fx-butler').shadowBriefs = inCase(caseA(s), 'fx-butler').shadowBriefs;
    // A case's rewrite of a seeker's day is checked like the shared text.
    inCase(s.cases![1]!, 'fx-inspector').days = [{ day: 2, storyline: 'Ask {{fx-nobody}}.' }];
    const errors = checkStoryline(s).errors;
    expect(errors).toContain('case fx-poison: fx-butler: shadow briefs on a character who is never a Shadow');
    expect(errors).toContain('case fx-poison: fx-inspector.days[1].storyline: unknown character id "fx-nobody"');
    expect(errors.some((e) => e.startsWith('case fx-candlestick'))).toBe(false);
  });
});
