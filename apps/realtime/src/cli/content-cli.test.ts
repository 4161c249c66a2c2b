import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { casesOf, castFor, phaseTable, shadowCountFor, withCases } from '@ss/protocol';
import { checkStoryline } from '../modules/storylines/content-checker.js';
import { loadStorylineContent } from '../modules/storylines/content-loader.js';
import { contentBook } from './content-book.js';
import { contentCheck } from './content-check.js';
import { contentNew, ScaffoldError } from './content-new.js';
import { contentPool, svgText, warrantFile, writePool } from './content-pool.js';
import { contentPreview, parsePreviewArgs, PreviewError } from './content-preview.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const CONTENT_DIR = path.resolve(HERE, '../../content');
const DAYS_DIR = path.resolve(HERE, '../../test/fixtures/content-days');

describe('content:preview prints what one seat sees', () => {
  it('shows a shipped storyline seat: its sheet and each day as the engine renders it for that table', async () => {
    const [published] = (await loadStorylineContent(CONTENT_DIR)).filter((s) => s.status === 'published');
    const s = published!;
    const detective = s.roles!.detectiveCharacterId;
    const out = await contentPreview({ storylineId: s.id, as: detective });
    const c = s.characters.find((x) => x.id === detective)!;
    const first = withCases(s).cases![0]!;
    expect(out.split('\n')[0]).toBe(`${s.title} (${s.id}), case ${first.id} (${first.title}): the seat holding ${c.name} (${detective}) at ${s.minPlayers} players, a Seeker`);
    expect(out).toContain(`Dealt at ${s.minPlayers}: ${castFor(s, s.minPlayers).join(', ')}`);
    expect(out).toContain("You are the detective: you may remove a liar's vote.");
    for (const d of s.days) expect(out).toContain(`== Day ${d.day}: ${d.name} (${d.date}) ==`);
    // Private to this seat: its own secrets; a Seeker never gets a shadow brief.
    expect(out).toContain(`Secrets: ${c.secrets.split('\n')[0]!.slice(0, 40)}`);
    expect(out).not.toContain('Shadow brief:');
  });

  it("shows a Shadow's brief and team for the day asked, at any count of the range", async () => {
    const out = await contentPreview({ storylineId: 'fixture-manor-5-days', dir: DAYS_DIR, players: 10, as: 'f5-cook', day: 5, team: 'shadow' });
    expect(out.split('\n')[0]).toBe(
      'Fixture Manor in Five Days (fixture-manor-5-days), case f5-candlestick (The Candlestick in the Study): the seat holding Martha Lowe (f5-cook) at 10 players, a Shadow',
    );
    expect(out).toContain('The killer: Ambrose Hale');
    // In the other case the gardener did it: the same seat's Shadow team follows the case.
    const poison = await contentPreview({ storylineId: 'fixture-manor-5-days', dir: DAYS_DIR, players: 10, as: 'f5-cook', day: 5, team: 'shadow', case: 'f5-poison' });
    expect(poison).toContain('The killer: Tobias Reed');
    await expect(contentPreview({ storylineId: 'fixture-manor-5-days', dir: DAYS_DIR, case: 'f5-nothing' })).rejects.toThrow(
      new PreviewError('fixture-manor-5-days has no case "f5-nothing" (cases: f5-candlestick, f5-poison)'),
    );
    expect(out).toContain('== Day 5: Day 5 (Tuesday 11th April 1922) ==');
    expect(out).toContain('Keep hidden: Shadow brief day 5 for Martha Lowe: hide the study key.');
    expect(out).toContain('Steer at Clara Voss: Point at Clara Voss: they were near the study.');
    expect(out).not.toContain('== Day 4');
    // The nurse is not dealt at 10: the inspector's day-1 line falls back to the neutral branch.
    const inspector = await contentPreview({ storylineId: 'fixture-manor-5-days', dir: DAYS_DIR, players: 10, as: 'f5-inspector', day: 1 });
    expect(inspector).toContain('Your story: Day 1 for Iris Kemp. Nobody admits to seeing the squire last.');
    expect(inspector).toContain('  - Ask around: who was in the study?');
  });

  it('plays the case asked for: its killer, its rewrites of a Seeker\'s day and its clue', async () => {
    const base = { storylineId: 'fixture-manor-5-days', dir: DAYS_DIR, players: 10 };
    // The first case (the default): the butler did it; the gardener is a Shadow only on a deal that makes him one.
    const butler = await contentPreview({ ...base, as: 'f5-butler', day: 2 });
    expect(butler).toContain('case f5-candlestick (The Candlestick in the Study)');
    expect(butler).toContain('You are the killer.');
    // The second case: the gardener did it, the butler is a Seeker, and the inspector's day 2 and its clue change.
    const gardener = await contentPreview({ ...base, case: 'f5-poison', as: 'f5-gardener', day: 1 });
    expect(gardener).toContain('case f5-poison (The Poisoned Roses)');
    expect(gardener).toContain('You are the killer.');
    expect(gardener).toContain('Keep hidden: Shadow brief day 1 for Tobias: hide the potting-shed key.');
    expect(await contentPreview({ ...base, case: 'f5-poison', as: 'f5-butler', day: 2 })).toContain('a Seeker');
    const inspector = await contentPreview({ ...base, case: 'f5-poison', as: 'f5-inspector', day: 2 });
    expect(inspector).toContain('Your story: Day 2 for the inspector: the roses are wilting.');
    expect(inspector).toContain('Today in the case: Public clue 2: the tea smelt of the potting shed.');
    expect(parsePreviewArgs(['gull-rock-1963', '--case', 'gr-low-water'])).toEqual({ storylineId: 'gull-rock-1963', case: 'gr-low-water' });
  });

  it('refuses what the storyline does not have', async () => {
    const base = { storylineId: 'fixture-manor-3-days', dir: DAYS_DIR };
    await expect(contentPreview({ ...base, players: 12 })).rejects.toThrow(new PreviewError('--players must be 5 to 9 for fixture-manor-3-days'));
    await expect(contentPreview({ ...base, day: 4 })).rejects.toThrow(new PreviewError('--day must be 1 to 3 for fixture-manor-3-days'));
    await expect(contentPreview({ ...base, players: 5, as: 'f3-nurse' })).rejects.toThrow(/f3-nurse is not dealt at 5 players/);
    await expect(contentPreview({ ...base, as: 'f3-inspector', team: 'shadow' })).rejects.toThrow(new PreviewError('f3-inspector is never a shadow at 5 players'));
    await expect(contentPreview({ storylineId: 'nowhere', dir: DAYS_DIR })).rejects.toThrow(/No storyline "nowhere"/);
    expect(parsePreviewArgs(['--', 'hollowmere-1986', '--players', '8', '--as', 'hm-vicar', '--day', '2'])).toEqual({ storylineId: 'hollowmere-1986', players: 8, as: 'hm-vicar', day: 2 });
    expect(() => parsePreviewArgs(['x', '--team', 'killer'])).toThrow('--team must be seeker or shadow');
  });
});

describe('content:book writes every seat, the cast table and the clue pointers as one HTML file', () => {
  it('renders each seat of the table with all its days, and a shadow brief only for the Shadows', async () => {
    const [s] = (await loadStorylineContent(DAYS_DIR)).filter((x) => x.days.length === 5);
    const html = await contentBook({ storylineId: s!.id, dir: DAYS_DIR, players: 10 });
    const count = (needle: string | RegExp) => html.split(needle).length - 1;
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain(`${s!.days.length} days · 10 players (range 4-10)`);
    expect(count('<section class="seat"')).toBe(10);
    for (const id of castFor(s!, 10)) expect(html).toContain(`id="seat-${id}"`);
    expect(count(/<h3>Day \d: /)).toBe(10 * 5);
    const shadows = shadowCountFor(10, s!.shadowsByPlayerCount);
    expect(count('<h4>Shadow brief</h4>')).toBe(shadows * 5);
    expect(count('The killer.')).toBe(1);
    // The cast table has a column per count of the range; the clue table a row per clue.
    expect(html).toContain('<th>Character</th><th>4</th><th>5</th><th>6</th><th>7</th><th>8</th><th>9</th><th>10</th>');
    expect(count(/<tr><td>c-/)).toBe(withCases(s!).cases![0]!.solution.clues.length);
    expect(html).toContain('<tr><td>c-public-5</td><td>5</td><td>Martha Lowe</td><td>public</td><td>r-opportunity, r-motive</td><td>The press conference.</td></tr>');
  });

  it('writes the shipped storylines at their largest table', async () => {
    for (const s of (await loadStorylineContent(CONTENT_DIR)).filter((x) => x.status === 'published')) {
      const html = await contentBook({ storylineId: s.id, players: s.maxPlayers });
      expect(html.split('<section class="seat"').length - 1, s.id).toBe(s.maxPlayers);
      expect(html.split(/<h3>Day \d: /).length - 1, s.id).toBe(s.maxPlayers * s.days.length);
      for (const c of withCases(s).cases![0]!.solution.clues) expect(html, `${s.id} ${c.id}`).toContain(`<tr><td>${c.id}</td><td>${c.day}</td>`);
    }
  });

  it('escapes the storyline text', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ss-book-'));
    try {
      contentNew('harbour-1952', { dir });
      const file = path.join(dir, 'harbour-1952', 'characters', 'harbour-heir.json');
      const heir = JSON.parse(readFileSync(file, 'utf8')) as { secrets: string };
      heir.secrets = 'He keeps <img src=x onerror=alert(1)> & "letters".';
      writeFileSync(file, JSON.stringify(heir));
      const html = await contentBook({ storylineId: 'harbour-1952', dir, players: 6 });
      expect(html).toContain('He keeps &lt;img src=x onerror=alert(1)&gt; &amp; &quot;letters&quot;.');
      expect(html).not.toContain('<img src=x');
      await expect(contentBook({ storylineId: 'harbour-1952', dir, players: 9 })).rejects.toThrow('--players must be 4 to 6 for harbour-1952');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('content:pool writes a blind-solve packet for one seeded deal', () => {
  it('shares the Seekers\' sheets and days, never a Shadow\'s sheet or the answer, and a warrant per dealt seat', async () => {
    const [s] = (await loadStorylineContent(CONTENT_DIR)).filter((x) => x.id === 'gull-rock-1963');
    const k = withCases(s!).cases!.find((c) => c.id === 'gr-low-water')!;
    const pool = await contentPool({ storylineId: 'gull-rock-1963', case: k.id, players: 8, seed: 5 });
    const row = castFor(s!, 8);
    const { key } = pool;
    expect(key).toMatchObject({ caseId: k.id, killer: k.killerCharacterId, players: 8, seed: 5, dealt: row });
    expect(key.shadows).toHaveLength(shadowCountFor(8, s!.shadowsByPlayerCount));
    expect(key.shadows).toContain(k.killerCharacterId);
    // Every Shadow keeps its sheet, and so does at least one Seeker (the detective always shares).
    expect([...key.sharedSheets, ...key.keptSheets].sort()).toEqual([...row].sort());
    for (const id of key.shadows) expect(key.keptSheets).toContain(id);
    expect(key.keptSheets.length).toBeGreaterThan(key.shadows.length);
    expect(key.sharedSheets).toContain(s!.roles!.detectiveCharacterId);

    // The setup, one file a day, and one warrant for each dealt character only, named after the character.
    const byId = new Map(s!.characters.map((c) => [c.id, c]));
    expect([...pool.files.keys()].sort()).toEqual(['00-setup.md', '01-day-1.md', '02-day-2.md', '03-day-3.md', ...row.map((id) => warrantFile(byId.get(id)!.name)).sort()]);
    const text = [...pool.files.values()].join('\n');
    // Nothing names the case, a character by id, a Shadow's team or the killer.
    for (const bad of [k.id, k.title, 'Shadow brief', 'You are the killer', 'The killer:', 'Other Shadows', 'gr-', '/content/']) expect(text, bad).not.toContain(bad);
    // A sheet's secrets as its holder reads them at this table (cast tokens rendered), from the preview.
    const secrets = async (id: string) =>
      (await contentPreview({ storylineId: 'gull-rock-1963', case: k.id, players: 8, as: id })).split('\n').find((l) => l.startsWith('Secrets: '))!.slice(9, 80);
    for (const id of key.keptSheets) expect(text, id).not.toContain(await secrets(id));
    const setup = pool.files.get('00-setup.md')!;
    for (const id of key.sharedSheets) expect(setup, id).toContain(await secrets(id));
    for (const id of row) expect(setup).toContain(`### ${byId.get(id)!.name}`);
    for (const id of row) expect(setup).toContain(`Search warrant, if voted into the top 3: \`${warrantFile(byId.get(id)!.name)}\``);
    // Each day: the public clue of the case (the case's rewrite where it has one) and each shared sheet's day.
    for (const d of s!.days) {
      const page = pool.files.get(`0${d.day}-day-${d.day}.md`)!;
      expect(page).toContain((k.days?.find((x) => x.day === d.day)?.clue ?? d.clue).slice(0, 60));
      for (const id of key.sharedSheets) expect(page).toContain(`## ${byId.get(id)!.name}`);
      for (const id of key.keptSheets) expect(page).not.toContain(`## ${byId.get(id)!.name}`);
    }
    // A picture every shared sheet has that day (the landing sketch on Day 2) is printed once, not once a sheet.
    const day2 = pool.files.get('02-day-2.md')!;
    expect(day2).toContain('## Pictures on every shared sheet today');
    expect(day2.split('**Police sketch of prints in the frost on the landing, Tuesday 1pm**')).toHaveLength(2);
    // The killer's warrant is the case's find, with the words written on the picture.
    const warrant = pool.files.get(warrantFile(byId.get(k.killerCharacterId)!.name))!;
    const finds = k.characters?.[k.killerCharacterId]?.searchWarrantEvidence ?? byId.get(k.killerCharacterId)!.searchWarrantEvidence;
    for (const m of finds) expect(warrant).toContain(m.caption);
    expect(warrant).toMatch(/Written on it: "/);
    // Listing the folder tells nobody whose search found the most.
    expect(new Set(row.map((id) => Buffer.byteLength(pool.files.get(warrantFile(byId.get(id)!.name))!))).size).toBe(1);

    // The same seed deals the same packet; another seed can deal other Shadows.
    const again = await contentPool({ storylineId: 'gull-rock-1963', case: k.id, players: 8, seed: 5 });
    expect(again.key).toEqual(key);
    expect(again.files.get('02-day-2.md')).toBe(pool.files.get('02-day-2.md'));
    const deals = new Set<string>();
    for (let seed = 0; seed < 8; seed++) deals.add((await contentPool({ storylineId: 'gull-rock-1963', case: k.id, players: 8, seed })).key.shadows.join());
    expect(deals.size).toBeGreaterThan(1);
  });

  it('writes the packet files and keeps the key outside the packet', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ss-pool-'));
    try {
      const pool = await contentPool({ storylineId: 'hollowmere-1986', players: 6, seed: 2 });
      const out = path.join(dir, 'hm-6');
      expect(() => writePool(pool, out, path.join(out, 'key.json'))).toThrow('--key must be outside the packet folder');
      writePool(pool, out, path.join(dir, 'keys', 'hm-6.json'));
      expect(readdirSync(out).sort()).toEqual(['00-setup.md', '01-day-1.md', '02-day-2.md', '03-day-3.md', '04-day-4.md', 'warrants']);
      expect(readdirSync(path.join(out, 'warrants'))).toHaveLength(6);
      expect(JSON.parse(readFileSync(path.join(dir, 'keys', 'hm-6.json'), 'utf8'))).toEqual(JSON.parse(JSON.stringify(pool.key)));
      expect(existsSync(path.join(out, 'key.json'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads the words off an SVG picture', () => {
    expect(svgText('<svg><title>t</title><text x="1">MORWENNA &amp; BOATHOUSE</text><text><tspan>L heel</tspan> <tspan>nail</tspan></text><text> </text></svg>')).toEqual([
      'MORWENNA & BOATHOUSE',
      'L heel nail',
    ]);
  });
});

describe('content:new scaffolds a storyline that loads and passes the checker', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const tmp = () => {
    const d = mkdtempSync(path.join(tmpdir(), 'ss-new-'));
    dirs.push(d);
    return d;
  };

  it.each([2, 3, 6])('writes a %i-day draft the loader, the checker and the preview accept', async (days) => {
    const dir = tmp();
    const written = contentNew('harbour-1952', { days, dir });
    expect(written).toEqual([
      'harbour-1952/answer-sheet.json',
      'harbour-1952/art/card.svg',
      ...['detective', 'flash', 'heir', 'killer', 'reader', 'rival'].map((r) => `harbour-1952/characters/harbour-${r}.json`),
      'harbour-1952/host-kit.json',
      'harbour-1952/solution.json',
      'harbour-1952/storyline.json',
    ]);
    const [s] = await loadStorylineContent(dir);
    expect(s).toMatchObject({ id: 'harbour-1952', status: 'coming_soon', minPlayers: 4, maxPlayers: 6 });
    expect(s!.days.map((d) => d.day)).toEqual(Array.from({ length: days }, (_, i) => i + 1));
    // The host's kit has notes for every phase of this many days; the case carries its answer sheet.
    expect(Object.keys(s!.hostKit!.phases).sort()).toEqual(phaseTable(days).phases.map((p) => p.key).sort());
    expect(s!.hostKit!.hints.map((h) => h.id)).toEqual(['h-motive', 'h-means', 'h-opportunity']);
    expect(casesOf(s!)[0]!.answerSheet?.keyClues.length).toBeGreaterThan(0);
    // Clean as a draft, and clean by the published rules too (the kit's included): flipping the status is all that is left to do.
    expect(checkStoryline(s!)).toMatchObject({ draft: true, errors: [], warnings: [] });
    expect(checkStoryline({ ...s!, status: 'published' })).toMatchObject({ errors: [], warnings: [] });
    const check = await contentCheck(dir);
    expect(check.code).toBe(0);
    expect(check.output).toContain('harbour-1952: draft (coming soon)');
    const preview = await contentPreview({ storylineId: 'harbour-1952', dir, as: 'harbour-killer', day: days });
    expect(preview).toContain('You are the killer.');
    expect(preview).toContain(`Your story: Write what Ada Finch learns on day ${days}.`);
  });

  it('refuses a bad slug, an existing folder or a day count outside 2 to 6', () => {
    const dir = tmp();
    expect(() => contentNew('Harbour 1952', { dir })).toThrow(ScaffoldError);
    contentNew('harbour-1952', { dir });
    expect(() => contentNew('harbour-1952', { dir })).toThrow(/already exists/);
    expect(() => contentNew('lighthouse-1963', { dir, days: 7 })).toThrow('--days must be 2 to 6');
  });
});
