import type { TStorylineCase, TStorylineContent } from '@ss/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkStoryline, formatReport } from './content-checker.js';
import { caseA, char, clone, loadFixtureStoryline } from '../../../test/fixture-storyline.js';
import { dateProblems, WORDS_PER_DAY_HARD, WORDS_PER_DAY_SOFT } from './content-rules-v2.js';

/**
 * Each checker v2 rule fed a broken copy of the fixture storyline (Fixture Manor: 4 days, 4-12 players; case
 * fx-candlestick: the butler Ambrose Hale did it; case fx-poison: the gardener Tobias Reed). Dealt at 4: butler,
 * inspector, cook, gardener; the nurse Jane Holt only at 12, the maid Nell Ashby from 8.
 */
const day = (s: TStorylineContent, id: string, d: number) => char(s, id).days.find((x) => x.day === d)!;
const clue = (k: TStorylineCase, id: string) => k.solution.clues.find((c) => c.id === id)!;
const UP_TO_11 = '4, 5, 6, 7, 8, 9, 10, 11';
const ALL = `${UP_TO_11}, 12`;
const A = 'fixture-manor case fx-candlestick';

describe('content checker v2 rules on a broken fixture', () => {
  let fixture: TStorylineContent;
  beforeAll(async () => {
    fixture = await loadFixtureStoryline();
  });

  it('passes the unbroken fixture with every v2 rule and prints a pointer table per case', () => {
    const report = checkStoryline(fixture);
    expect(report.errors).toEqual([]);
    expect(report.pointerTables).toHaveLength(2);
    const [table] = report.pointerTables;
    expect(table!.split('\n')[0]).toBe(`${A}: pointer table at 4 players (holders of each day's clues per suspect; * the killer, pub = public)`);
    expect(table!.split('\n')[1]).toMatch(/^day \| butler\* +\| cook +\| gardener/);
    // Day 2: the killer's column holds the public clue, the inspector's and the gardener's; the cook is cleared by the public clue.
    expect(table!.split('\n')[4]).toMatch(/^2 +\| pub inspector gardener +\| pub +\| gardener/);
    expect(formatReport(report)).toContain(table);
  });

  it('rule 1: a clue without a "where" is an error in a published storyline and a warning in a draft', () => {
    const s = clone(fixture);
    const k = caseA(s);
    for (const c of k.solution.clues.slice(0, 6)) delete c.where;
    const missing = `${A} clues: 6 of 8 clues declare no "where" (not traced to a text a seat reads): c-public-1, c-public-2, c-public-3, c-public-4, c-inspector-2 and 1 more`;
    expect(checkStoryline(s).errors).toContain(missing);
    expect(checkStoryline(s).warnings.some((w) => w.includes('declare no "where"'))).toBe(false);
    const draft = { ...clone(s), status: 'coming_soon' as const };
    expect(checkStoryline(draft).errors).toEqual([]);
    expect(checkStoryline(draft).warnings).toContain(`draft: ${missing}`);
  });

  it('rule 1: a "where" that is empty, misplaced or unread is an error; one in the warrant finds counts', () => {
    const s = clone(fixture);
    const k = caseA(s);
    delete clue(k, 'c-nurse-3').where;
    clue(k, 'c-cook-3').where = { characterId: 'fx-cook', day: 3, field: 'storyline' };
    clue(k, 'c-public-3').where = { day: 3, field: 'clue' };
    clue(k, 'c-gardener-2').where = { characterId: 'fx-gardener', day: 2, field: 'pressConference' };
    clue(k, 'c-public-1').where = { characterId: 'fx-maid', day: 1, field: 'storyline' };
    clue(k, 'c-inspector-2').where = { characterId: 'fx-cook', day: 2, field: 'storyline' };
    clue(k, 'c-public-2').where = { characterId: 'fx-cook', day: 2, field: 'clueImages', index: 5 };
    const report = checkStoryline(s);
    expect(report.errors).toContain(`${A} clue c-gardener-2: fx-gardener day 2 pressConference is empty or missing`);
    expect(report.errors).toContain(`${A} clue c-public-1: carried by fx-maid, who is not dealt at 4, 5, 6, 7 players`);
    expect(report.errors).toContain(`${A} clue c-inspector-2: held by fx-inspector but carried in fx-cook's text`);
    expect(report.errors).toContain(`${A} clue c-public-2: fx-cook day 2 clueImages[5] is empty or missing`);
    expect(report.errors.some((e) => /c-cook-3|c-public-3/.test(e))).toBe(false);
    expect(report.errors).toContain(`${A} clues: 1 of 8 clues declare no "where" (not traced to a text a seat reads): c-nurse-3`);
    clue(k, 'c-nurse-3').where = { characterId: 'fx-nurse', day: 3, field: 'searchWarrantEvidence', index: 0 };
    clue(k, 'c-cook-3').where = { characterId: 'fx-cook', day: 3, field: 'searchWarrantEvidence', index: 1 };
    const warrant = checkStoryline(s).errors;
    expect(warrant.some((e) => e.includes('c-nurse-3'))).toBe(false);
    expect(warrant).toContain(`${A} clue c-cook-3: fx-cook day 3 searchWarrantEvidence[1] is empty or missing`);
    // A carrier that tonight's cast empties (a block on an absent character) does not carry the clue there.
    clue(k, 'c-cook-3').where = { characterId: 'fx-cook', day: 3, field: 'storyline' };
    day(s, 'fx-cook', 3).storyline = '{{?fx-nurse}}The nurse polished it.{{/}}';
    expect(checkStoryline(s).errors).toContain(`${A} clue c-cook-3: fx-cook day 3 storyline renders empty at ${UP_TO_11} players`);
  });

  it('rule 2: at each count a revelation needs clues on two days, a public one and two holders', () => {
    const s = clone(fixture);
    const k = caseA(s);
    // The means: the public pantry clue (day 2), the cook's (day 3), the nurse's (day 3, dealt only at 12).
    clue(k, 'c-cook-3').day = 2;
    let errors = checkStoryline(s).errors;
    expect(errors).toContain(`${A} revelation r-means: clues on fewer than two days at ${UP_TO_11} players`);
    clue(k, 'c-cook-3').day = 3;
    Object.assign(clue(k, 'c-public-2'), { visibility: 'private', holderId: 'fx-inspector' });
    errors = checkStoryline(s).errors;
    expect(errors).toContain(`${A} revelation r-means: no public clue at ${ALL} players`);
    clue(k, 'c-public-2').visibility = 'public';
    delete clue(k, 'c-public-2').holderId;
    Object.assign(clue(k, 'c-cook-3'), { visibility: 'public' });
    delete clue(k, 'c-cook-3').holderId;
    errors = checkStoryline(s).errors;
    expect(errors).toContain(`${A} revelation r-means: fewer than two holders at ${UP_TO_11} players`);
    expect(errors.some((e) => e.includes('r-means') && e.includes('fx-poison'))).toBe(false);
  });

  it('rule 3: two dealt suspects stand into the vote, three through the second-last day', () => {
    const s = clone(fixture);
    const day4 = caseA(s).solution.standingSuspects.find((d) => d.day === 4)!;
    // The nurse is dealt only at 12: standing with the butler, she leaves one at every smaller table.
    day4.standing = [day4.standing[0]!, { characterId: 'fx-nurse', why: 'was in the hall' }];
    expect(checkStoryline(s).errors).toContain(`${A} day 4: fewer than two dealt suspects stand into the vote at ${UP_TO_11} players`);
    caseA(s).solution.standingSuspects.find((d) => d.day === 3)!.standing.splice(2);
    expect(checkStoryline(s).errors).toContain('case fx-candlestick: standingSuspects day 3: only 2 standing at a table of 4 (needs 3)');
  });

  it('rule 4: at most half the other sheets name the killer on a day, and no "What you learned" paragraph does', () => {
    const s = clone(fixture);
    for (const id of ['fx-inspector', 'fx-cook', 'fx-gardener']) day(s, id, 2).storyline = 'Day 2.\n\nYou saw Ambrose at the study door.';
    day(s, 'fx-vicar', 1).storyline = 'What you learned: {{fx-butler}} lied about the key.\n\nMore.';
    const errors = checkStoryline(s).errors;
    expect(errors).toContain(`${A} day 2: more than half the sheets name the killer Ambrose Hale (3/3 at 4, 3/4 at 5, 3/5 at 6)`);
    expect(errors).toContain(`${A} fx-vicar day 1: the "What you learned" paragraph names the killer Ambrose Hale`);
    // In the other case the butler is innocent: naming him is no spoiler there.
    expect(errors.some((e) => e.includes('fx-poison') && e.includes('killer'))).toBe(false);
    // A surname shared with the victim (Squire Hale) names nobody in particular.
    day(s, 'fx-vicar', 1).storyline = 'What you learned: Squire Hale is dead.';
    expect(checkStoryline(s).errors.join('\n')).not.toContain('fx-vicar day 1');
  });

  it('rule 5: a plain name of a character absent at a count, outside a {{?id}} block, fails at that count', () => {
    const s = clone(fixture);
    day(s, 'fx-cook', 1).storyline = 'Day 1. You saw Jane Holt by the gate.';
    expect(checkStoryline(s).errors).toContain(
      `${A} fx-cook day 1 storyline: names Jane Holt in plain text, absent at ${UP_TO_11} players (use {{id}} inside {{?id}}…{{/}})`,
    );
    day(s, 'fx-cook', 1).storyline = 'Day 1. {{?fx-nurse}}You saw Jane Holt by the gate.{{:}}You saw someone by the gate.{{/}}';
    expect(checkStoryline(s).errors.join('\n')).not.toContain('fx-cook day 1 storyline');
  });

  it('rule 5: a title with the surname, a rank nobody else holds ("the Nurse") or capitals name her too; so does a day clue', () => {
    const s = clone(fixture);
    // The maid shares the nurse's surname: "Holt" alone says neither, "Nurse Holt" and "the Nurse" say the nurse.
    char(s, 'fx-nurse').name = 'Nurse Jane Holt';
    char(s, 'fx-maid').name = 'Nell Holt';
    day(s, 'fx-cook', 1).storyline = 'Day 1. Ask Nurse Holt.';
    day(s, 'fx-cook', 2).storyline = 'Day 2. The Nurse was at the gate.';
    day(s, 'fx-cook', 3).storyline = 'Day 3. Ask Holt, whichever one.';
    day(s, 'fx-cook', 4).storyline = 'Day 4. The slate says "JANE OWES A PINT".';
    s.days[0]!.clue = 'Public clue 1: Jane Holt saw the squire last.';
    const errors = checkStoryline(s).errors;
    const absent = `Nurse Jane Holt in plain text, absent at ${UP_TO_11} players (use {{id}} inside {{?id}}…{{/}})`;
    expect(errors).toContain(`${A} fx-cook day 1 storyline: names ${absent}`);
    expect(errors).toContain(`${A} fx-cook day 2 storyline: names ${absent}`);
    expect(errors).toContain(`${A} day 1 clue: names ${absent}`);
    expect(errors).toContain(`${A} fx-cook day 4 storyline: names ${absent}`);
    expect(errors.join('\n')).not.toContain('fx-cook day 3 storyline');
  });

  it('rule 6: a risky lie needs a clue that someone other than the liar holds, dealt at that count', () => {
    const s = clone(fixture);
    const k = caseA(s);
    const butler = k.characters!['fx-butler']!;
    clue(k, 'c-gardener-2').holderId = 'fx-butler';
    butler.shadowBriefs![1]!.caughtBy = ['c-gardener-2'];
    butler.shadowBriefs![2]!.caughtBy = ['c-nurse-3'];
    const errors = checkStoryline(s).errors;
    expect(errors).toContain(`${A} fx-butler shadow brief day 2: the risky lie can be caught only by the liar's own or absent clues at ${ALL} players`);
    expect(errors).toContain(`${A} fx-butler shadow brief day 3: the risky lie can be caught only by the liar's own or absent clues at ${UP_TO_11} players`);
  });

  it('rule 7: words per seat per day above the soft limit warn, above the hard limit fail', () => {
    const s = clone(fixture);
    const words = (n: number) => Array.from({ length: n }, () => 'word').join(' ');
    day(s, 'fx-inspector', 3).storyline = words(WORDS_PER_DAY_SOFT + 50);
    let report = checkStoryline(s);
    expect(report.warnings.some((w) => w.startsWith(`${A} fx-inspector day 3: `) && w.endsWith(`words (soft limit ${WORDS_PER_DAY_SOFT})`))).toBe(true);
    expect(report.errors.join('\n')).not.toContain('fx-inspector day 3');
    day(s, 'fx-inspector', 3).storyline = words(WORDS_PER_DAY_HARD + 50);
    report = checkStoryline(s);
    expect(report.errors.some((e) => e.startsWith(`${A} fx-inspector day 3: `) && e.endsWith(`words (hard limit ${WORDS_PER_DAY_HARD})`))).toBe(true);
  });

  it("rule 8: a day name holds no private word of any case's Shadow side and no killer's name", () => {
    const s = clone(fixture);
    s.days[1]!.name = 'The Candlestick';
    s.days[2]!.name = 'Tobias Walks';
    const errors = checkStoryline(s).errors;
    expect(errors).toContain('fixture-manor day 2 name "The Candlestick": holds "candlestick", a private word of case fx-candlestick');
    expect(errors).toContain('fixture-manor day 3 name "Tobias Walks": names the killer of case fx-poison');
  });

  it('rule 9: weekdays agree with their dates, and a declared money ledger adds up', () => {
    expect(dateProblems('On Monday 14th July 1986 and Tuesday, July 15th, 1986.')).toEqual([]);
    expect(dateProblems('Friday 30th February 1963')).toEqual(['"Friday 30th February 1963" is not a date']);
    const s = clone(fixture);
    s.days[0]!.date = 'Monday 1st April 1922';
    char(s, 'fx-maid').secrets = 'On Tuesday, April 4th, 1922 you posted it; on Friday 4th April 1922 you burned it.';
    caseA(s).solution.ledger = [{ label: "The squire's cheques", items: [{ label: 'March', amount: 100 }, { label: 'April', amount: 250 }], total: 300 }];
    let errors = checkStoryline(s).errors;
    expect(errors).toContain('fixture-manor days[1].date: "Monday 1st April 1922" was a Saturday');
    expect(errors).toContain('fixture-manor fx-maid secrets: "Friday 4th April 1922" was a Tuesday');
    expect(errors.join('\n')).not.toContain('"Tuesday, April 4th, 1922"');
    expect(errors).toContain(`${A} ledger "The squire's cheques": items add up to 350, the total says 300`);
    caseA(s).solution.ledger![0]!.total = 350;
    errors = checkStoryline(s).errors;
    expect(errors.join('\n')).not.toContain('ledger');
  });
});
