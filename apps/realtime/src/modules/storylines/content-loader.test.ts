import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CASE_SHEET_FIELDS, caseShadowCandidates, type TContentCharacter, type TStorylineContent } from '@ss/protocol';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { charactersInPlay, loadStorylineContent } from './content-loader.js';
import { rangeProblems } from './storyline-range.js';

const CONTENT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../content');
const FIXTURE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures/content');
const FIXTURE_DAYS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures/content-days');
/** Every real storyline is published; a coming-soon draft (no cast yet) lives here. */
const DRAFTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures/content-drafts');

/** Each storyline's smallest, a middle and its largest table. */
const tableSizes = (s: TStorylineContent) => [...new Set([s.minPlayers, Math.round((s.minPlayers + s.maxPlayers) / 2), s.maxPlayers])];

/** CONTENT.md's team table: shadows (killer included) per player count. */
function expectedShadows(n: number): number {
  if (n <= 5) return 1;
  if (n <= 8) return 2;
  if (n <= 11) return 3;
  if (n <= 15) return 4;
  if (n <= 18) return 5;
  return 6;
}

const PLACEHOLDER = /TODO|TBD|lorem|\{name\}|xxx/i;

/** Every player-facing string of a character, with a label for the failure message. */
function playerFacingText(c: TContentCharacter): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  // The public sheet, the private sheet (the fields a case may rewrite) and the killer's reveal.
  const fields = ['name', 'role', 'description', 'profession', 'height', 'gender', 'appearance', ...CASE_SHEET_FIELDS, 'killerRevealStory'] as const;
  for (const f of fields) {
    const v = c[f];
    if (typeof v === 'string') out.push([`${c.id}.${f}`, v]);
  }
  const media = [c.image, ...c.searchWarrantEvidence];
  for (const d of c.days) {
    out.push(
      [`${c.id}.days[${d.day}].storyline`, d.storyline],
      [`${c.id}.days[${d.day}].victimRelationship`, d.victimRelationship],
    );
    if (d.pressConference) out.push([`${c.id}.days[${d.day}].pressConference`, d.pressConference]);
    if (d.memoryFlash) out.push([`${c.id}.days[${d.day}].memoryFlash`, d.memoryFlash]);
    media.push(...d.maps, ...d.clueImages, ...d.characterKnowledge);
  }
  media.forEach((m, i) =>
    out.push([`${c.id}.media[${i}].caption`, m.caption], [`${c.id}.media[${i}].alt`, m.alt]),
  );
  return out;
}

function allUrls(s: TStorylineContent): string[] {
  const urls = [s.image.url, ...s.days.map((d) => d.bannerImage)];
  for (const c of s.characters) {
    urls.push(c.image.url, ...c.searchWarrantEvidence.map((m) => m.url));
    for (const d of c.days)
      urls.push(...[...d.maps, ...d.clueImages, ...d.characterKnowledge].map((m) => m.url));
  }
  return urls;
}

describe('storyline content', () => {
  let all: TStorylineContent[];
  let published: TStorylineContent[];
  beforeAll(async () => {
    all = await loadStorylineContent(CONTENT_DIR);
    published = all.filter((s) => s.status === 'published');
  });

  it('loads at least one published storyline and one coming soon', async () => {
    expect(published.length).toBeGreaterThanOrEqual(1);
    const drafts = await loadStorylineContent(DRAFTS_DIR);
    expect(drafts.some((s) => s.status === 'coming_soon')).toBe(true);
    for (const s of [...all, ...drafts]) {
      // Each tier inside the storyline's range, the tiers covering it once, drafts included (they are sold for prepurchase).
      expect(rangeProblems(s), s.id).toEqual([]);
      for (const t of s.pricingTiers) expect(t.id.startsWith(`${s.id}-`)).toBe(true);
    }
  });

  it("gives every character all fields and the storyline's numbered days", () => {
    for (const s of published) {
      expect(s.characters.length).toBeGreaterThanOrEqual(s.maxPlayers);
      const days = s.days.map((d) => d.day);
      expect(days).toEqual(Array.from({ length: days.length }, (_, i) => i + 1));
      expect(days.length).toBeGreaterThanOrEqual(2);
      expect(days.length).toBeLessThanOrEqual(6);
      for (const c of s.characters) {
        expect(c.days.map((d) => d.day)).toEqual(days);
        for (const d of c.days) {
          expect(d.storyline.length).toBeGreaterThan(200);
          expect(d.victimRelationship.length).toBeGreaterThan(40);
          expect(d.maps.length).toBeGreaterThan(0);
          expect(d.clueImages.length).toBeGreaterThan(0);
        }
        expect(c.searchWarrantEvidence.length).toBeGreaterThan(0);
        expect(c.specialInstructions.split('\n').length).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it('points every image at a file that exists', () => {
    for (const s of all) {
      for (const url of allUrls(s)) {
        expect(url.startsWith(`/content/${s.id}/`), url).toBe(true);
        expect(existsSync(path.join(CONTENT_DIR, url.replace(/^\/content\//, ''))), url).toBe(true);
      }
    }
  });

  it('keeps killer and detective in every tier and the core cast', () => {
    for (const s of published) {
      const roles = s.roles!;
      expect(s.cases?.length ?? 0).toBeGreaterThan(0);
      for (const k of s.cases!) {
        for (const n of tableSizes(s)) {
          const ids = charactersInPlay(s, n).map((c) => c.id);
          expect(ids, `tier ${n}`).toContain(k.killerCharacterId);
          expect(ids, `tier ${n}`).toContain(roles.detectiveCharacterId);
        }
        expect(k.killerCharacterId).not.toBe(roles.detectiveCharacterId);
      }
      const detective = s.characters.find((c) => c.id === roles.detectiveCharacterId)!;
      expect(detective.profession).toContain('Detective');
      expect(s.characters.filter((c) => c.profession.includes('Detective'))).toHaveLength(1);
    }
  });

  it('matches the team table and has enough shadow candidates at every count', () => {
    for (const s of published) {
      for (const k of s.cases!) {
        const candidates = new Set(caseShadowCandidates(s, k));
        expect(candidates.has(k.killerCharacterId)).toBe(false);
        expect(candidates.has(s.roles!.detectiveCharacterId)).toBe(false);
        for (let n = s.minPlayers; n <= s.maxPlayers; n++) {
          const shadows = s.shadowsByPlayerCount[String(n)];
          expect(shadows, `n=${n}`).toBe(expectedShadows(n));
          const inPlay = charactersInPlay(s, n).filter((c) => candidates.has(c.id)).length;
          expect(inPlay, `n=${n}`).toBeGreaterThanOrEqual(expectedShadows(n) - 1);
        }
      }
    }
  });

  it('gives the killer a reveal and the role-only fields to the right people', () => {
    for (const s of published) {
      const roles = s.roles!;
      // The reveal is the case's: no character carries one in memory, whichever form the files use.
      for (const k of s.cases!) expect(k.reveal.length).toBeGreaterThan(300);
      const reader = s.characters.find((c) => c.id === roles.pressConferenceCharacterId)!;
      expect(reader.pressConferenceHomepage).toBeTruthy();
      expect(reader.days.every((d) => !!d.pressConference)).toBe(true);
      for (const id of roles.memoryFlashCharacterIds) {
        const c = s.characters.find((x) => x.id === id)!;
        expect(c.days.filter((d) => d.day >= 2).every((d) => !!d.memoryFlash)).toBe(true);
      }
      for (const c of s.characters) {
        expect(c.killerRevealStory).toBeUndefined();
        if (c.id !== reader.id) expect(c.days.some((d) => d.pressConference)).toBe(false);
        if (!roles.memoryFlashCharacterIds.includes(c.id))
          expect(c.days.some((d) => d.memoryFlash)).toBe(false);
      }
    }
  });

  it('has no placeholders in player-facing text', () => {
    for (const s of all) {
      const texts: Array<[string, string]> = [
        ['title', s.title],
        ['summary', s.summary],
        ...s.days.map((d): [string, string] => [`day ${d.day}`, `${d.name} ${d.clue}`]),
        ...(s.cases ?? []).flatMap((k): Array<[string, string]> => [[`case ${k.id} title`, k.title], [`case ${k.id} reveal`, k.reveal]]),
      ];
      for (const [where, text] of texts) {
        expect(PLACEHOLDER.test(text), `${s.id} ${where}`).toBe(false);
      }
      for (const c of s.characters) {
        for (const [where, text] of playerFacingText(c)) expect(PLACEHOLDER.test(text), where).toBe(false);
      }
    }
  });

  it('keeps character ids unique across storylines', () => {
    const ids = all.flatMap((s) => s.characters.map((c) => c.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('charactersInPlay deals the cast for n, clamped to minPlayers..maxPlayers', () => {
    const s = published[0]!;
    const n = s.minPlayers + 1;
    expect(charactersInPlay(s, n)).toHaveLength(n);
    expect(charactersInPlay(s, 99)).toHaveLength(s.maxPlayers);
    expect(charactersInPlay(s, 0).map((c) => c.id)).toEqual(charactersInPlay(s, s.minPlayers).map((c) => c.id));
  });
});

describe('loader rejects broken content', () => {
  const tmpDirs: string[] = [];
  afterEach(() => {
    for (const d of tmpDirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  function copyContent(): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'ss-content-'));
    tmpDirs.push(dir);
    cpSync(CONTENT_DIR, dir, { recursive: true });
    return dir;
  }
  const readJson = (file: string): Record<string, unknown> =>
    JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const writeJson = (file: string, v: unknown): void => writeFileSync(file, JSON.stringify(v));
  const slug = 'hollowmere-1986';
  /** A fresh copy of the content with one JSON file of the storyline (its path below the storyline) edited. */
  function copyEditing<T>(file: string[], edit: (json: T) => void): string {
    const dir = copyContent();
    const at = path.join(dir, slug, ...file);
    const json = readJson(at) as T;
    edit(json);
    writeJson(at, json);
    return dir;
  }

  it('names the character file and field for a schema error', async () => {
    const dir = copyEditing<{ days: Array<Record<string, unknown>> }>(['characters', 'hm-widow.json'], (c) => {
      c.days[2]!.storyline = '';
    });
    await expect(loadStorylineContent(dir)).rejects.toThrow(/hm-widow\.json.*days\[2\]\.storyline/);
  });

  it('names storyline.json and the field for a bad role reference', async () => {
    const dir = copyEditing<{ roles: Record<string, unknown> }>(['storyline.json'], (s) => {
      s.roles.killerCharacterId = 'hm-nobody';
    });
    await expect(loadStorylineContent(dir)).rejects.toThrow(/storyline\.json.*roles\.killerCharacterId/);
  });

  it('rejects a missing asset, naming the file and field', async () => {
    const dir = copyContent();
    rmSync(path.join(dir, slug, 'art', 'clue-diary.svg'));
    await expect(loadStorylineContent(dir)).rejects.toThrow(
      /hm-\w+\.json.*days\[1\]\.clueImages\[1\]\.url.*clue-diary\.svg/,
    );
  });

  it('rejects a killer outside the core cast', async () => {
    const dir = copyEditing<{ castOrder: string[] }>(['storyline.json'], (s) => {
      const killer = s.castOrder.splice(1, 1)[0]!;
      s.castOrder.push(killer);
    });
    await expect(loadStorylineContent(dir)).rejects.toThrow(/storyline\.json.*castOrder.*killer/);
  });

  it('rejects a press conference given to the wrong character', async () => {
    const dir = copyEditing<{ days: Array<Record<string, unknown>> }>(['characters', 'hm-farmer.json'], (c) => {
      c.days[0]!.pressConference = 'A statement.';
    });
    await expect(loadStorylineContent(dir)).rejects.toThrow(/hm-farmer\.json.*days\[0\]\.pressConference/);
  });

  it('rejects the detective as a shadow candidate and invalid JSON', async () => {
    const dir = copyEditing<{ shadowCandidates: string[] }>(['storyline.json'], (s) => {
      s.shadowCandidates.push('hm-inspector');
    });
    await expect(loadStorylineContent(dir)).rejects.toThrow(/storyline\.json.*shadowCandidates/);

    const dir2 = copyContent();
    writeFileSync(path.join(dir2, slug, 'characters', 'hm-major.json'), '{ not json');
    await expect(loadStorylineContent(dir2)).rejects.toThrow(/hm-major\.json.*invalid JSON/);
  });

  it('rejects a character id used by two storylines', async () => {
    const dir = copyContent();
    const copy = path.join(dir, 'hollowmere-copy');
    cpSync(path.join(dir, slug), copy, { recursive: true });
    const files = [
      path.join(copy, 'storyline.json'),
      ...readdirSync(path.join(copy, 'characters')).map((f) => path.join(copy, 'characters', f)),
    ];
    for (const f of files) {
      const text = readFileSync(f, 'utf8')
        .replaceAll(`/content/${slug}/`, '/content/hollowmere-copy/')
        .replace(`"id": "${slug}"`, '"id": "hollowmere-copy"');
      writeFileSync(f, text);
    }
    await expect(loadStorylineContent(dir)).rejects.toThrow(
      /hollowmere-copy.*\.json at id: character id "hm-\w+" is also used by storyline "hollowmere-1986"/,
    );
  });

  it('rejects a cast table row of the wrong size or without an essential character', async () => {
    const dir = copyContent();
    const file = path.join(dir, slug, 'storyline.json');
    const s = readJson(file) as { castTable: Record<string, string[]>; essentialCharacterIds: string[] };
    s.castTable['8'] = s.castTable['8']!.slice(0, 7);
    writeJson(file, s);
    await expect(loadStorylineContent(dir)).rejects.toThrow(/storyline\.json at castTable\.8: lists 7 characters for 8 players/);
    const row = s.castTable['7']!;
    s.castTable['8'] = [...row.filter((id) => id !== s.essentialCharacterIds[2]), 'hm-reporter', 'hm-major'].slice(0, 8);
    writeJson(file, s);
    await expect(loadStorylineContent(dir)).rejects.toThrow(/castTable\.8: (essential character .* is missing|a character appears twice)/);
  });

  it('requires the cast table and solution.json of a playable storyline', async () => {
    const dir = copyContent();
    rmSync(path.join(dir, slug, 'solution.json'));
    await expect(loadStorylineContent(dir)).rejects.toThrow(/solution\.json at solution: a storyline with characters needs solution\.json/);
    const file = path.join(dir, slug, 'storyline.json');
    const s = readJson(file);
    s.solution = { revelations: [], clues: [], standingSuspects: [] };
    writeJson(file, s);
    await expect(loadStorylineContent(dir)).rejects.toThrow(/storyline\.json at solution: the solution lives in solution\.json/);
  });

  it('rejects unknown ids in whom-to-ask lines, cast tokens and the solution, naming file and field', async () => {
    const dir = copyContent();
    const file = path.join(dir, slug, 'characters', 'hm-widow.json');
    const c = readJson(file) as { days: Array<{ whomToAsk: Array<Record<string, unknown>>; storyline: string }> };
    c.days[1]!.whomToAsk[0]!.characterId = 'hm-nobody';
    writeJson(file, c);
    await expect(loadStorylineContent(dir)).rejects.toThrow(/hm-widow\.json at days\[1\]\.whomToAsk\[0\]\.characterId: unknown character id "hm-nobody"/);
    const fresh = readJson(path.join(CONTENT_DIR, slug, 'characters', 'hm-widow.json')) as typeof c;
    fresh.days[2]!.storyline += ' {{?hm-agent}}Nigel is here.';
    writeJson(file, fresh);
    await expect(loadStorylineContent(dir)).rejects.toThrow(/hm-widow\.json at days\[2\]\.storyline: .*never closed/);
    // A day media item's caption and alt text take cast tokens too, checked the same way.
    const media = readJson(path.join(CONTENT_DIR, slug, 'characters', 'hm-widow.json')) as { days: Array<{ clueImages: Array<{ alt: string }> }> };
    media.days[0]!.clueImages[0]!.alt += ' {{hm-nobody}}';
    writeJson(file, media);
    await expect(loadStorylineContent(dir)).rejects.toThrow(/hm-widow\.json at days\[0\]\.clueImages\[0\]\.alt: unknown character id "hm-nobody"/);
    writeJson(file, readJson(path.join(CONTENT_DIR, slug, 'characters', 'hm-widow.json')));
    const solFile = path.join(dir, slug, 'solution.json');
    const sol = readJson(solFile) as { clues: Array<{ revelations: string[] }> };
    sol.clues[0]!.revelations = ['r-nothing'];
    writeJson(solFile, sol);
    await expect(loadStorylineContent(dir)).rejects.toThrow(/solution\.json at clues\[0\]\.revelations\[0\]: unknown revelation id "r-nothing"/);
  });
});

describe('storylines of any length from 2 to 6 days, with their own player ranges', () => {
  const tmpDirs: string[] = [];
  afterEach(() => {
    for (const d of tmpDirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  function copyOf(dir: string): string {
    const to = mkdtempSync(path.join(tmpdir(), 'ss-days-'));
    tmpDirs.push(to);
    cpSync(dir, to, { recursive: true });
    return to;
  }
  const edit = (file: string, change: (v: Record<string, unknown>) => void) => {
    const v = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    change(v);
    writeFileSync(file, JSON.stringify(v));
  };

  it('loads the three- and five-day fixtures: every per-day list has one entry per declared day', async () => {
    const loaded = await loadStorylineContent(FIXTURE_DAYS_DIR);
    expect(loaded.map((s) => [s.id, s.days.length, s.minPlayers, s.maxPlayers])).toEqual([
      ['fixture-manor-3-days', 3, 5, 9],
      ['fixture-manor-5-days', 5, 4, 10],
    ]);
    for (const s of loaded) {
      const days = s.days.map((d) => d.day);
      for (const c of s.characters) expect(c.days.map((d) => d.day)).toEqual(days);
      expect(s.cases).toHaveLength(2);
      for (const k of s.cases!) {
        for (const o of Object.values(k.characters ?? {})) if (o.shadowBriefs) expect(o.shadowBriefs.map((b) => b.day)).toEqual(days);
        expect(k.solution.standingSuspects.map((d) => d.day)).toEqual(days);
      }
      for (const n of tableSizes(s)) expect(charactersInPlay(s, n)).toHaveLength(n);
    }
  });

  it('rejects a published storyline of one day, or days out of order', async () => {
    const dir = copyOf(FIXTURE_DAYS_DIR);
    const file = path.join(dir, 'fixture-manor-3-days', 'storyline.json');
    edit(file, (s) => {
      s.days = (s.days as unknown[]).slice(0, 1);
    });
    await expect(loadStorylineContent(dir)).rejects.toThrow(/fixture-manor-3-days\/storyline\.json at days: a storyline has 2 to 6 days, this one 1/);
    edit(file, (s) => {
      s.days = [2, 1].map((day) => ({ day, date: `Date ${day}`, name: `Day ${day}`, clue: 'A clue.', bannerImage: '/content/fixture-manor-3-days/art/card.svg' }));
    });
    await expect(loadStorylineContent(dir)).rejects.toThrow(/at days\[0\]\.day: days are numbered 1 to 2 in order/);
  });

  it("rejects a character, shadow brief or standing-suspects day that is not one of the storyline's days", async () => {
    const dir = copyOf(FIXTURE_DAYS_DIR);
    const butler = path.join(dir, 'fixture-manor-5-days', 'characters', 'f5-butler.json');
    const original = readFileSync(butler, 'utf8');
    edit(butler, (c) => {
      c.days = (c.days as unknown[]).slice(0, 4);
    });
    await expect(loadStorylineContent(dir)).rejects.toThrow(/f5-butler\.json at days: needs exactly one entry for each day 1-5/);
    writeFileSync(butler, original);
    // Shadow briefs live in the cases.
    const three = path.join(dir, 'fixture-manor-3-days', 'cases', 'f3-candlestick', 'case.json');
    edit(three, (k) => {
      ((k.characters as Record<string, { shadowBriefs: Array<{ day: number }> }>)['f3-butler']!.shadowBriefs)[2]!.day = 4;
    });
    await expect(loadStorylineContent(dir)).rejects.toThrow(/f3-candlestick\/case\.json at characters\.f3-butler\.shadowBriefs\[2\]\.day: the storyline has 3 days, not 4/);
  });

  it('rejects pricing tiers outside the range, overlapping, or leaving a count unsold', async () => {
    const dir = copyOf(FIXTURE_DAYS_DIR);
    const file = path.join(dir, 'fixture-manor-3-days', 'storyline.json');
    const original = readFileSync(file, 'utf8');
    const tiers = (change: (t: Array<{ minPlayers: number; maxPlayers: number; characterLimit: number }>) => void) =>
      edit(file, (s) => change(s.pricingTiers as Array<{ minPlayers: number; maxPlayers: number; characterLimit: number }>));
    tiers((t) => {
      t[1]!.maxPlayers = 12;
      t[1]!.characterLimit = 12;
    });
    await expect(loadStorylineContent(dir)).rejects.toThrow(/at pricingTiers\[1\]: tier "fixture-manor-3-days-8-9" \(8-12 players\) is outside the storyline's 5-9 players/);
    writeFileSync(file, original);
    tiers((t) => {
      t[1]!.minPlayers = 7;
    });
    await expect(loadStorylineContent(dir)).rejects.toThrow(/at pricingTiers: tiers overlap at 7 players/);
    writeFileSync(file, original);
    tiers((t) => {
      t.pop();
    });
    await expect(loadStorylineContent(dir)).rejects.toThrow(/at pricingTiers: no tier sells a game of 8-9 players/);
  });
});

describe('cases: one cast, several solutions', () => {
  const tmpDirs: string[] = [];
  afterEach(() => {
    for (const d of tmpDirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const slug = 'fixture-manor';
  function copyFixture(): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'ss-cases-'));
    tmpDirs.push(dir);
    cpSync(FIXTURE_DIR, dir, { recursive: true });
    return dir;
  }
  const readJson = (file: string): Record<string, unknown> => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const writeJson = (file: string, v: unknown): void => writeFileSync(file, JSON.stringify(v));
  const caseFile = (dir: string, id: string) => path.join(dir, slug, 'cases', id, 'case.json');
  type CaseJson = { killerCharacterId: string; motive?: string; days?: unknown[]; characters: Record<string, Record<string, unknown>> };
  /** Loads a copy of the fixture after `change` edited one case.json. */
  function withCase(id: string, change: (k: CaseJson) => void): Promise<TStorylineContent[]> {
    const dir = copyFixture();
    const k = readJson(caseFile(dir, id)) as unknown as CaseJson;
    change(k);
    writeJson(caseFile(dir, id), k);
    return loadStorylineContent(dir);
  }

  it('loads each case folder with its solution, in folder order, into the same shape as the legacy form', async () => {
    const [fixture] = await loadStorylineContent(FIXTURE_DIR);
    expect(fixture!.cases!.map((k) => [k.id, k.killerCharacterId])).toEqual([
      ['fx-candlestick', 'fx-butler'],
      ['fx-poison', 'fx-gardener'],
    ]);
    expect(fixture!.cases![1]!.solution.clues.some((c) => c.id === 'c-butler-2')).toBe(true);
    expect(fixture!.roles).not.toHaveProperty('killerCharacterId');
    expect(fixture).not.toHaveProperty('solution');
    // Hollowmere keeps its single-case files: one implicit case `main`, titled like the storyline.
    const hollowmere = (await loadStorylineContent(CONTENT_DIR)).find((s) => s.id === 'hollowmere-1986')!;
    expect(hollowmere.cases!.map((k) => [k.id, k.title])).toEqual([['main', hollowmere.title]]);
    expect(hollowmere.roles).not.toHaveProperty('killerCharacterId');
    expect(hollowmere).not.toHaveProperty('solution');
    for (const s of [fixture!, hollowmere]) {
      for (const c of s.characters) for (const f of ['shadowBriefs', 'privateWords', 'killerRevealStory']) expect(c, `${c.id}.${f}`).not.toHaveProperty(f);
    }
  });

  it("refuses a case whose killer is unknown, the detective or not essential, naming case.json and the field", async () => {
    await expect(withCase('fx-poison', (k) => (k.killerCharacterId = 'fx-ghost'))).rejects.toThrow(/fx-poison\/case\.json at killerCharacterId: unknown character id "fx-ghost"/);
    await expect(withCase('fx-poison', (k) => (k.killerCharacterId = 'fx-inspector'))).rejects.toThrow(/fx-poison\/case\.json at killerCharacterId: the detective cannot be the killer/);
    await expect(withCase('fx-poison', (k) => (k.killerCharacterId = 'fx-niece'))).rejects.toThrow(/fx-poison\/case\.json at killerCharacterId: the killer must be essential/);
  });

  it('refuses rewrites of public fields, of unknown characters or days, and a Shadow side without briefs', async () => {
    await expect(withCase('fx-poison', (k) => (k.characters['fx-cook']!.name = 'Someone Else'))).rejects.toThrow(/fx-poison\/case\.json at characters\.fx-cook\.name: a case cannot rewrite name/);
    await expect(withCase('fx-poison', (k) => (k.characters['fx-ghost'] = { secrets: 'Boo.' }))).rejects.toThrow(/case\.json at characters\.fx-ghost: unknown character id "fx-ghost"/);
    await expect(withCase('fx-poison', (k) => (k.days = [{ day: 9, clue: 'Late.' }]))).rejects.toThrow(/case\.json at days/);
    await expect(withCase('fx-poison', (k) => (k.characters['fx-inspector']!.days = [{ day: 7, storyline: 'Late.' }]))).rejects.toThrow(/case\.json at characters\.fx-inspector\.days(\[0\]\.day: .* has no day 7|)/);
    await expect(withCase('fx-poison', (k) => delete k.characters['fx-gardener']!.shadowBriefs)).rejects.toThrow(/fx-poison\/case\.json at characters\.fx-gardener\.shadowBriefs: .*needs one brief for each day 1,2,3,4/);
    await expect(withCase('fx-poison', (k) => delete k.characters['fx-gardener']!.privateWords)).rejects.toThrow(/characters\.fx-gardener\.privateWords: .*needs private words/);
    // The butler is innocent in this case: a brief for him is a mistake.
    await expect(withCase('fx-poison', (k) => (k.characters['fx-butler'] = { shadowBriefs: k.characters['fx-gardener']!.shadowBriefs }))).rejects.toThrow(/characters\.fx-butler\.shadowBriefs: .*never a Shadow/);
    await expect(withCase('fx-poison', (k) => delete k.motive)).rejects.toThrow(/fx-poison\/case\.json at motive/);
  });

  it('refuses legacy-form leftovers next to a cases/ folder', async () => {
    const dir = copyFixture();
    writeJson(path.join(dir, slug, 'solution.json'), readJson(path.join(dir, slug, 'cases', 'fx-poison', 'solution.json')));
    await expect(loadStorylineContent(dir)).rejects.toThrow(/fixture-manor\/solution\.json.*cases\/<id>\/solution\.json/);
    const dir2 = copyFixture();
    const sFile = path.join(dir2, slug, 'storyline.json');
    const s = readJson(sFile) as { roles: Record<string, unknown> };
    s.roles.killerCharacterId = 'fx-butler';
    writeJson(sFile, s);
    await expect(loadStorylineContent(dir2)).rejects.toThrow(/storyline\.json at roles\.killerCharacterId: a storyline with cases/);
    const dir3 = copyFixture();
    const cFile = path.join(dir3, slug, 'characters', 'fx-cook.json');
    writeJson(cFile, { ...readJson(cFile), privateWords: ['pantry'] });
    await expect(loadStorylineContent(dir3)).rejects.toThrow(/fx-cook\.json at privateWords: privateWords lives in each case/);
  });
});
