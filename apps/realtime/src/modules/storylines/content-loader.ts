import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  CASE_SHEET_FIELDS,
  CastTextError,
  PUBLIC_CHARACTER_FIELDS,
  castFor,
  caseShadowCandidates,
  castReferences,
  characterInCase,
  essentialCharacterIds,
  withCases,
  ZAnswerSheet,
  ZCaseFile,
  ZContentCharacter,
  ZHostKit,
  ZStorylineContent,
  ZStorylineSolution,
  type TContentCharacter,
  type TStorylineCase,
  type TStorylineContent,
  type TStorylineSolution,
} from '@ss/protocol';
import type { z } from 'zod';
import { dayProblems, rangeProblems } from './storyline-range.js';

/**
 * Reads every storyline under `contentDir`: `<slug>/storyline.json` (everything but the characters and the
 * solution), `<slug>/characters/*.json` (one ZContentCharacter each) and its cases: `<slug>/cases/<caseId>/case.json`
 * (ZCaseFile) with that case's `solution.json`, or in the legacy single-case form `<slug>/solution.json` with
 * `roles.killerCharacterId` and the killer's `killerRevealStory`, which become the one case `main` (withCases), so
 * both forms give the same in-memory shape. Any invalid file or broken cross-reference throws an Error naming
 * the file and the field path, so a bad content change stops start-up instead of a game.
 */
export async function loadStorylineContent(contentDir: string): Promise<TStorylineContent[]> {
  const entries = await readdir(contentDir, { withFileTypes: true });
  const slugs = entries
    .filter((e) => e.isDirectory() && existsSync(path.join(contentDir, e.name, 'storyline.json')))
    .map((e) => e.name)
    .sort();

  const out: TStorylineContent[] = [];
  const characterOwners = new Map<string, string>();
  for (const slug of slugs) {
    const content = await loadOne(contentDir, slug);
    for (const c of content.characters) {
      const owner = characterOwners.get(c.id);
      if (owner) {
        throw new ContentError(
          characterFile(contentDir, slug, c.id),
          'id',
          `character id "${c.id}" is also used by storyline "${owner}"`,
        );
      }
      characterOwners.set(c.id, content.id);
    }
    out.push(content);
  }
  return out;
}

/** The characters dealt for `playerCount` players (the cast table's row, clamped to minPlayers..maxPlayers). */
export function charactersInPlay(content: TStorylineContent, playerCount: number): TContentCharacter[] {
  const byId = new Map(content.characters.map((c) => [c.id, c]));
  return castFor(content, Math.floor(playerCount)).flatMap((id) => {
    const c = byId.get(id);
    return c ? [c] : [];
  });
}

export class ContentError extends Error {
  constructor(
    readonly file: string,
    readonly field: string,
    detail: string,
  ) {
    super(`Invalid storyline content in ${file} at ${field || '(root)'}: ${detail}`);
    this.name = 'ContentError';
  }
}

function characterFile(contentDir: string, slug: string, id: string): string {
  return path.join(contentDir, slug, 'characters', `${id}.json`);
}

function fieldPath(p: ReadonlyArray<PropertyKey>): string {
  return p
    .map((k) => (typeof k === 'number' ? `[${k}]` : `.${String(k)}`))
    .join('')
    .replace(/^\./, '');
}

function fail(file: string, error: z.ZodError, prefix = ''): never {
  const issue = error.issues[0];
  const where = [prefix, fieldPath(issue?.path ?? [])].filter(Boolean).join('.');
  throw new ContentError(file, where, issue?.message ?? 'invalid');
}

async function readJson(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    throw new ContentError(file, '', `cannot read file (${(e as Error).message})`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new ContentError(file, '', `invalid JSON (${(e as Error).message})`);
  }
}

async function loadOne(contentDir: string, slug: string): Promise<TStorylineContent> {
  const storylineFile = path.join(contentDir, slug, 'storyline.json');
  const raw = await readJson(storylineFile);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new ContentError(storylineFile, '', 'expected a JSON object');
  }

  // Characters: one file each; each is validated on its own so errors name the character file.
  const charDir = path.join(contentDir, slug, 'characters');
  const characters: TContentCharacter[] = [];
  const fileOf = new Map<string, string>();
  if (existsSync(charDir)) {
    const files = (await readdir(charDir)).filter((f) => f.endsWith('.json')).sort();
    for (const f of files) {
      const file = path.join(charDir, f);
      const parsed = ZContentCharacter.safeParse(await readJson(file));
      if (!parsed.success) fail(file, parsed.error);
      const c = parsed.data;
      if (`${c.id}.json` !== f)
        throw new ContentError(file, 'id', `id "${c.id}" does not match the file name`);
      if (fileOf.has(c.id)) throw new ContentError(file, 'id', `duplicate character id "${c.id}"`);
      fileOf.set(c.id, file);
      characters.push(c);
    }
  }

  const rawObj = raw as Record<string, unknown>;
  if ('characters' in rawObj && Array.isArray(rawObj.characters) && rawObj.characters.length > 0) {
    throw new ContentError(
      storylineFile,
      'characters',
      'characters live in characters/<id>.json, not in storyline.json',
    );
  }
  if ('solution' in rawObj) {
    throw new ContentError(storylineFile, 'solution', 'the solution lives in solution.json, not in storyline.json');
  }
  const solutionFile = path.join(contentDir, slug, 'solution.json');
  const casesDir = path.join(contentDir, slug, 'cases');
  const caseFiles = existsSync(casesDir) ? await loadCaseFiles(casesDir, storylineFile, solutionFile, rawObj, characters, fileOf) : null;
  const solution = !caseFiles && existsSync(solutionFile) ? await readJson(solutionFile) : undefined;
  if ('hostKit' in rawObj) throw new ContentError(storylineFile, 'hostKit', `the host kit lives in ${HOST_KIT_FILE}, not in storyline.json`);
  const hostKitFile = path.join(contentDir, slug, HOST_KIT_FILE);
  let hostKit: unknown;
  if (existsSync(hostKitFile)) {
    const kit = ZHostKit.safeParse(await readJson(hostKitFile));
    if (!kit.success) fail(hostKitFile, kit.error);
    hostKit = kit.data;
  }
  const parsed = ZStorylineContent.safeParse({
    ...rawObj,
    ...(hostKit === undefined ? {} : { hostKit }),
    characters,
    ...(solution === undefined ? {} : { solution }),
    ...(caseFiles ? { cases: caseFiles.map((f) => f.k) } : {}),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const [head, index] = issue?.path ?? [];
    // An issue inside characters[i] belongs to that character's file.
    if (head === 'characters' && typeof index === 'number') {
      const c = characters[index];
      fail(c ? (fileOf.get(c.id) ?? storylineFile) : storylineFile, parsed.error);
    }
    if (head === 'solution') fail(solutionFile, parsed.error);
    fail(storylineFile, parsed.error);
  }
  const content = parsed.data;
  if (content.id !== slug)
    throw new ContentError(storylineFile, 'id', `id "${content.id}" does not match the folder "${slug}"`);

  checkCrossReferences(contentDir, storylineFile, content, fileOf);
  if (!caseFiles) checkLegacyKiller(storylineFile, solutionFile, content, fileOf);
  let told = withCases(content);
  if (!caseFiles) {
    // The legacy form's one case keeps its answer sheet beside the storyline's solution.json.
    const answerSheet = await readAnswerSheet(path.join(contentDir, slug, ANSWER_SHEET_FILE));
    if (answerSheet && told.cases?.[0]) told = { ...told, cases: [{ ...told.cases[0], answerSheet }, ...told.cases.slice(1)] };
  }
  // Where each case came from, for error messages: its case.json, or in the legacy form the storyline's files.
  const sources: CaseSource[] =
    caseFiles ??
    (told.cases ?? []).map((k) => ({ k, file: storylineFile, solutionFile, killerField: 'roles.killerCharacterId', overrideFile: (id: string) => fileOf.get(id) ?? storylineFile }));
  checkCastReferences(storylineFile, solutionFile, told, fileOf, sources);
  for (const src of sources) checkCase(contentDir, storylineFile, told, src);
  return told;
}

/** The host's kit of a storyline (case-neutral), beside storyline.json. */
export const HOST_KIT_FILE = 'host-kit.json';
/** A case's answer sheet in prose, beside its solution.json. */
export const ANSWER_SHEET_FILE = 'answer-sheet.json';

async function readAnswerSheet(file: string) {
  if (!existsSync(file)) return undefined;
  const parsed = ZAnswerSheet.safeParse(await readJson(file));
  if (!parsed.success) fail(file, parsed.error);
  return parsed.data;
}

/** One case and the files it came from (error messages name them). */
interface CaseSource {
  k: TStorylineCase;
  file: string;
  solutionFile: string;
  /** The field that names the killer: `killerCharacterId` in case.json, `roles.killerCharacterId` in the legacy form. */
  killerField: string;
  /** The file holding a character's case rewrites (its case.json; in the legacy form the character's own file). */
  overrideFile: (characterId: string) => string;
}

const CASE_ONLY_FIELDS = ['shadowBriefs', 'privateWords', 'killerRevealStory'] as const;

/** Reads cases/<id>/case.json + solution.json for a storyline in the case form, refusing legacy-form leftovers. */
async function loadCaseFiles(
  casesDir: string,
  storylineFile: string,
  legacySolutionFile: string,
  rawObj: Record<string, unknown>,
  characters: readonly TContentCharacter[],
  fileOf: Map<string, string>,
): Promise<CaseSource[]> {
  if (existsSync(legacySolutionFile)) {
    throw new ContentError(legacySolutionFile, '', 'a storyline with cases/ keeps each answer sheet in cases/<id>/solution.json');
  }
  const roles = rawObj.roles as Record<string, unknown> | undefined;
  if (roles && typeof roles === 'object' && 'killerCharacterId' in roles) {
    throw new ContentError(storylineFile, 'roles.killerCharacterId', 'a storyline with cases/ names each killer in its cases/<id>/case.json');
  }
  for (const c of characters) {
    for (const f of CASE_ONLY_FIELDS) {
      if (c[f] !== undefined) {
        throw new ContentError(fileOf.get(c.id) ?? storylineFile, f, `${f} lives in each case (cases/<id>/case.json) in a storyline with cases/`);
      }
    }
  }
  const dirs = (await readdir(casesDir, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name).sort();
  if (dirs.length === 0) throw new ContentError(casesDir, '', 'a cases/ folder needs at least one case folder');
  const out: CaseSource[] = [];
  for (const dir of dirs) {
    const file = path.join(casesDir, dir, 'case.json');
    const solutionFile = path.join(casesDir, dir, 'solution.json');
    const raw = await readJson(file);
    if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
      const overrides = (raw as { characters?: unknown }).characters;
      if (overrides && typeof overrides === 'object') {
        for (const [id, o] of Object.entries(overrides as Record<string, unknown>)) {
          for (const f of [...PUBLIC_CHARACTER_FIELDS, 'killerRevealStory'] as const) {
            if (o && typeof o === 'object' && f in o) {
              const why = f === 'killerRevealStory' ? 'the case tells its reveal in "reveal"' : 'a public field is the same in every case';
              throw new ContentError(file, `characters.${id}.${f}`, `a case cannot rewrite ${f}: ${why}`);
            }
          }
        }
      }
    }
    const parsed = ZCaseFile.safeParse(raw);
    if (!parsed.success) fail(file, parsed.error);
    if (parsed.data.id !== dir) throw new ContentError(file, 'id', `id "${parsed.data.id}" does not match the folder "${dir}"`);
    if (!existsSync(solutionFile)) throw new ContentError(solutionFile, '', 'every case needs its solution.json');
    const sol = ZStorylineSolution.safeParse(await readJson(solutionFile));
    if (!sol.success) fail(solutionFile, sol.error);
    const answerSheet = await readAnswerSheet(path.join(casesDir, dir, ANSWER_SHEET_FILE));
    out.push({
      k: { ...parsed.data, solution: sol.data, ...(answerSheet ? { answerSheet } : {}) },
      file,
      solutionFile,
      killerField: 'killerCharacterId',
      overrideFile: () => file,
    });
  }
  return out;
}

/** Checks that an asset URL names a file of this storyline's folder that exists. */
function assetChecker(contentDir: string, storylineId: string, defaultFile: string) {
  return (url: string, field: string, file = defaultFile): void => {
    const rel = url.replace(/^\/content\//, '');
    const onDisk = path.join(contentDir, ...rel.split('/'));
    if (!rel.startsWith(`${storylineId}/`)) throw new ContentError(file, field, `asset ${url} is outside /content/${storylineId}/`);
    if (rel.split('/').includes('..')) throw new ContentError(file, field, `asset ${url} climbs out of the content folder`);
    if (!existsSync(onDisk)) throw new ContentError(file, field, `asset ${url} does not exist (${onDisk})`);
  };
}

/** The legacy single-case form: the killer named in roles, the only one with a reveal story, and solution.json. */
function checkLegacyKiller(storylineFile: string, solutionFile: string, content: TStorylineContent, fileOf: Map<string, string>): void {
  if (content.characters.length === 0) return;
  const killerId = content.roles?.killerCharacterId;
  if (!killerId) throw new ContentError(storylineFile, 'roles.killerCharacterId', 'a storyline without cases/ names its killer here');
  for (const c of content.characters) {
    const file = fileOf.get(c.id) ?? storylineFile;
    if (c.killerRevealStory && c.id !== killerId) throw new ContentError(file, 'killerRevealStory', 'only the killer has a reveal story');
    if (c.id === killerId && !c.killerRevealStory) throw new ContentError(file, 'killerRevealStory', 'the killer needs a reveal story');
  }
  if (!content.solution) {
    throw new ContentError(solutionFile, 'solution', `a storyline with characters needs ${path.basename(solutionFile)}`);
  }
}

/**
 * One case against the shared storyline: its killer is a known, essential character and never the detective;
 * its shadow candidates exist and suffice at every count; its rewrites name real characters and days, give
 * role-only blocks to their holders only and point at assets that exist; and every character of its Shadow side
 * (killer and candidates) has private words and one shadow brief per day, while nobody else has a brief.
 */
function checkCase(contentDir: string, storylineFile: string, content: TStorylineContent, src: CaseSource): void {
  const { k, file, killerField } = src;
  const err = (field: string, detail: string, at = file): never => {
    throw new ContentError(at, field, detail);
  };
  const byId = new Map(content.characters.map((c) => [c.id, c]));
  const roles = content.roles;
  if (!roles) return err('roles', 'a storyline with cases needs roles', storylineFile);
  const killer = k.killerCharacterId;
  if (!byId.has(killer)) err(killerField, `unknown character id "${killer}"`);
  if (killer === roles.detectiveCharacterId) err(killerField, 'the detective cannot be the killer');
  if (!essentialCharacterIds(content).includes(killer)) err(killerField, 'the killer must be essential (dealt at every count)');
  if (!content.castOrder.slice(0, content.minPlayers).includes(killer)) {
    // The legacy form reports it where the author fixes it: the storyline's cast order.
    err(killerField === 'killerCharacterId' ? killerField : 'castOrder', `the killer is not within the first ${content.minPlayers} entries of castOrder`);
  }

  // The case's own shadow candidates (the storyline's apply when it names none).
  const candidates = caseShadowCandidates(content, k);
  if (k.shadowCandidates) {
    const seen = new Set<string>();
    k.shadowCandidates.forEach((id, i) => {
      if (!byId.has(id)) err(`shadowCandidates[${i}]`, `unknown character id "${id}"`);
      if (id === killer || id === roles.detectiveCharacterId) err(`shadowCandidates[${i}]`, 'shadow candidates exclude the killer and the detective');
      if (seen.has(id)) err(`shadowCandidates[${i}]`, `character id "${id}" appears twice`);
      seen.add(id);
    });
  }
  for (let n = content.minPlayers; n <= content.maxPlayers; n++) {
    const shadows = content.shadowsByPlayerCount[String(n)] ?? 1;
    const dealt = castFor(content, n);
    const available = dealt.filter((id) => candidates.includes(id)).length;
    if (available < shadows - 1) {
      err(
        k.shadowCandidates ? 'shadowCandidates' : `shadowsByPlayerCount.${n}`,
        `${shadows} shadows need ${shadows - 1} shadow candidates among the ${n} dealt, found ${available}`,
        k.shadowCandidates ? file : storylineFile,
      );
    }
  }

  // Rewrites name real days and characters.
  const storyDays = new Set(content.days.map((d) => d.day));
  const caseDays = new Set<number>();
  (k.days ?? []).forEach((d, i) => {
    if (!storyDays.has(d.day)) err(`days[${i}].day`, `the storyline has no day ${d.day}`);
    if (caseDays.has(d.day)) err(`days[${i}].day`, `day ${d.day} appears twice`);
    caseDays.add(d.day);
  });
  const checkAsset = assetChecker(contentDir, content.id, file);
  const flash = new Set(roles.memoryFlashCharacterIds);
  for (const [id, o] of Object.entries(k.characters ?? {})) {
    const at = src.overrideFile(id);
    const c = byId.get(id);
    if (!c) return err(`characters.${id}`, `unknown character id "${id}"`);
    const prefix = at === file ? `characters.${id}.` : '';
    const seenDays = new Set<number>();
    (o.days ?? []).forEach((d, i) => {
      const f = `${prefix}days[${i}]`;
      if (!c.days.some((x) => x.day === d.day)) err(`${f}.day`, `${c.name} has no day ${d.day}`, at);
      if (seenDays.has(d.day)) err(`${f}.day`, `day ${d.day} appears twice`, at);
      seenDays.add(d.day);
      if (d.pressConference && id !== roles.pressConferenceCharacterId) err(`${f}.pressConference`, 'only the press-conference reader has a press conference', at);
      if (d.memoryFlash && !flash.has(id)) err(`${f}.memoryFlash`, 'only memory-flash characters have a memory flash', at);
      if (d.memoryFlash && d.day === 1) err(`${f}.memoryFlash`, 'memory flashes belong to days 2 and later', at);
      (['maps', 'clueImages', 'characterKnowledge'] as const).forEach((m) => (d[m] ?? []).forEach((x, j) => checkAsset(x.url, `${f}.${m}[${j}].url`, at)));
    });
    if (o.pressConferenceHomepage && id !== roles.pressConferenceCharacterId) err(`${prefix}pressConferenceHomepage`, 'only the press-conference reader has a press conference', at);
    (o.searchWarrantEvidence ?? []).forEach((x, j) => checkAsset(x.url, `${prefix}searchWarrantEvidence[${j}].url`, at));
  }

  // The Shadow side's intelligence: private words and one brief per day; nobody else has a brief.
  const side = new Set([killer, ...candidates]);
  const days = [...storyDays].sort((a, b) => a - b).join(',');
  for (const c of content.characters) {
    const o = k.characters?.[c.id];
    const at = src.overrideFile(c.id);
    const prefix = at === file ? `characters.${c.id}.` : '';
    const briefs = o?.shadowBriefs ?? [];
    if (!side.has(c.id)) {
      if (briefs.length > 0) err(`${prefix}shadowBriefs`, `${c.name} is never a Shadow in case "${k.id}" and has no brief`, at);
      continue;
    }
    if (!o?.privateWords?.length) err(`${prefix}privateWords`, `${c.name} can be a Shadow in case "${k.id}" and needs private words`, at);
    const has = briefs.map((b) => b.day).sort((a, b) => a - b).join(',');
    if (has !== days) err(`${prefix}shadowBriefs`, `${c.name} can be a Shadow in case "${k.id}" and needs one brief for each day ${days} (has ${has || 'none'})`, at);
  }
}

function checkCrossReferences(
  contentDir: string,
  storylineFile: string,
  content: TStorylineContent,
  fileOf: Map<string, string>,
): void {
  const err = (field: string, detail: string, file = storylineFile): never => {
    throw new ContentError(file, field, detail);
  };
  const ids = new Set(content.characters.map((c) => c.id));
  const byId = new Map(content.characters.map((c) => [c.id, c]));

  if (content.minPlayers > content.maxPlayers) err('minPlayers', 'minPlayers is greater than maxPlayers');

  // Days (2 to 6, numbered in order) and the player range against the pricing tiers. A published storyline must
  // agree; a coming-soon draft loads with what it has (the checker lists what it lacks, and it is not sold while
  // its range, tiers and summary disagree).
  for (const p of dayProblems(content)) err(p.field, p.message);
  if (content.status === 'published') for (const p of rangeProblems(content)) err(p.field, p.message);
  content.pricingTiers.forEach((t, i) => {
    if (t.minPlayers > t.maxPlayers) err(`pricingTiers[${i}]`, 'minPlayers is greater than maxPlayers');
  });

  // Assets.
  const checkAsset = assetChecker(contentDir, content.id, storylineFile);
  checkAsset(content.image.url, 'image.url');
  if (content.videoUrl) checkAsset(content.videoUrl, 'videoUrl');
  content.days.forEach((d, i) => checkAsset(d.bannerImage, `days[${i}].bannerImage`));

  if (content.status === 'coming_soon' && content.characters.length === 0) {
    if (content.castOrder.length > 0)
      err('castOrder', 'a storyline without characters has an empty castOrder');
    return;
  }

  // Roles.
  const roles = content.roles;
  if (!roles) return err('roles', 'a storyline with characters needs roles');
  const roleIds: Array<[string, string]> = [
    ...(roles.killerCharacterId === undefined ? [] : [['roles.killerCharacterId', roles.killerCharacterId] as [string, string]]),
    ['roles.detectiveCharacterId', roles.detectiveCharacterId],
    ['roles.pressConferenceCharacterId', roles.pressConferenceCharacterId],
    ...roles.memoryFlashCharacterIds.map((id, i): [string, string] => [
      `roles.memoryFlashCharacterIds[${i}]`,
      id,
    ]),
  ];
  for (const [field, id] of roleIds) if (!ids.has(id)) err(field, `unknown character id "${id}"`);
  const detective = byId.get(roles.detectiveCharacterId);
  if (!detective?.profession.includes('Detective')) {
    err('roles.detectiveCharacterId', `the detective's profession must contain "Detective"`);
  }
  for (const c of content.characters) {
    if (c.id !== roles.detectiveCharacterId && c.profession.includes('Detective')) {
      err('profession', `only the detective's profession may contain "Detective"`, fileOf.get(c.id));
    }
  }

  // Cast order.
  const seen = new Set<string>();
  content.castOrder.forEach((id, i) => {
    if (!ids.has(id)) err(`castOrder[${i}]`, `unknown character id "${id}"`);
    if (seen.has(id)) err(`castOrder[${i}]`, `character id "${id}" appears twice`);
    seen.add(id);
  });
  for (const id of ids) if (!seen.has(id)) err('castOrder', `character id "${id}" is missing`);
  const core = content.castOrder.slice(0, content.minPlayers);
  if (!core.includes(roles.detectiveCharacterId))
    err('castOrder', `the detective is not within the first ${content.minPlayers} entries`);
  if (content.maxPlayers > content.characters.length)
    err('maxPlayers', 'maxPlayers exceeds the number of characters');

  // Shadow candidates.
  const candidates = new Set<string>();
  content.shadowCandidates.forEach((id, i) => {
    if (!ids.has(id)) err(`shadowCandidates[${i}]`, `unknown character id "${id}"`);
    // A case's killer may be a usual shadow candidate (the case then leaves it out); the legacy form's may not.
    if (id === roles.killerCharacterId || id === roles.detectiveCharacterId) {
      err(`shadowCandidates[${i}]`, 'shadow candidates exclude the killer and the detective');
    }
    if (candidates.has(id)) err(`shadowCandidates[${i}]`, `character id "${id}" appears twice`);
    candidates.add(id);
  });

  // Shadows per player count.
  for (let n = content.minPlayers; n <= content.maxPlayers; n++) {
    const shadows = content.shadowsByPlayerCount[String(n)];
    if (shadows === undefined) return err(`shadowsByPlayerCount.${n}`, `missing entry for ${n} players`);
    if (shadows >= n) err(`shadowsByPlayerCount.${n}`, 'shadows must be fewer than players');
  }

  // Characters: days, role-only fields, assets. Every character has one entry per storyline day (a draft that
  // declares no days yet is not held to it).
  const flash = new Set(roles.memoryFlashCharacterIds);
  const dayCount = content.days.length;
  const allDays = Array.from({ length: dayCount }, (_, i) => i + 1).join(',');
  for (const c of content.characters) {
    const file = fileOf.get(c.id) ?? storylineFile;
    const days = c.days.map((d) => d.day).sort((a, b) => a - b);
    if (dayCount > 0 && days.join(',') !== allDays) err('days', `needs exactly one entry for each day 1-${dayCount}`, file);
    if (c.pressConferenceHomepage && c.id !== roles.pressConferenceCharacterId) {
      err('pressConferenceHomepage', 'only the press-conference reader has a press conference', file);
    }
    c.days.forEach((d, i) => {
      if (d.pressConference && c.id !== roles.pressConferenceCharacterId) {
        err(`days[${i}].pressConference`, 'only the press-conference reader has a press conference', file);
      }
      if (d.memoryFlash && !flash.has(c.id))
        err(`days[${i}].memoryFlash`, 'only memory-flash characters have a memory flash', file);
      if (d.memoryFlash && d.day === 1)
        err(`days[${i}].memoryFlash`, `memory flashes belong to days 2-${Math.max(2, dayCount)}`, file);
    });
    checkAsset(c.image.url, 'image.url', file);
    c.searchWarrantEvidence.forEach((m, i) => checkAsset(m.url, `searchWarrantEvidence[${i}].url`, file));
    c.days.forEach((d, i) => {
      (['maps', 'clueImages', 'characterKnowledge'] as const).forEach((k) =>
        d[k].forEach((m, j) => checkAsset(m.url, `days[${i}].${k}[${j}].url`, file)),
      );
    });
  }
}

/**
 * The references the server relies on when it renders for a cast: the cast table, character ids in whom-to-ask
 * lines, shadow briefs and cast tokens, and the solution's ids. Play-quality rules (coverage, standing suspects,
 * spoilers) are the content checker's, which runs in the tests, so a half-written storyline still starts.
 */
function checkCastReferences(
  storylineFile: string,
  solutionFile: string,
  content: TStorylineContent,
  fileOf: Map<string, string>,
  sources: readonly CaseSource[],
): void {
  const ids = new Set(content.characters.map((c) => c.id));
  const err = (field: string, detail: string, file = storylineFile): never => {
    throw new ContentError(file, field, detail);
  };
  const known = (id: string, field: string, file = storylineFile) => {
    if (!ids.has(id)) err(field, `unknown character id "${id}"`, file);
  };
  const tokens = (text: string, field: string, file: string) => {
    try {
      for (const r of castReferences(text)) known(r.id, field, file);
    } catch (e) {
      if (e instanceof CastTextError) err(field, e.message, file);
      throw e;
    }
  };
  if (content.characters.length === 0) return;
  // A playable storyline declares its cast and its answer sheet; without them the checker has nothing to prove.
  if (!content.castTable) err('castTable', 'a storyline with characters needs a cast table');
  if (!content.essentialCharacterIds) err('essentialCharacterIds', 'a storyline with characters needs its essential characters');
  if (sources.length === 0) err('solution', `a storyline with characters needs ${path.basename(solutionFile)}`, solutionFile);
  // Cast table: exactly n known, distinct ids per count, every essential character in every row.
  (content.essentialCharacterIds ?? []).forEach((id, i) => known(id, `essentialCharacterIds[${i}]`));
  const essential = essentialCharacterIds(content);
  if (essential.length > content.minPlayers) err('essentialCharacterIds', `more essential characters than minPlayers`);
  if (content.roles && !essential.includes(content.roles.detectiveCharacterId)) err('essentialCharacterIds', 'the detective must be essential');
  if (content.castTable) {
    for (let n = content.minPlayers; n <= content.maxPlayers; n++) {
      const row = content.castTable[String(n)];
      const field = `castTable.${n}`;
      if (!row) return err(field, `missing row for ${n} players`);
      if (row.length !== n) err(field, `lists ${row.length} characters for ${n} players`);
      if (new Set(row).size !== row.length) err(field, 'a character appears twice');
      row.forEach((id, i) => known(id, `${field}[${i}]`));
      for (const id of essential) if (!row.includes(id)) err(field, `essential character "${id}" is missing`);
    }
  }
  // Text of each character: tokens, whom-to-ask lines, shadow briefs. The shared sheet first, then each
  // character a case rewrites, as that case tells it (an error there names the file of the rewrite).
  const told: Array<{ c: TContentCharacter; file: string; prefix: string; solution: TStorylineSolution | undefined; solutionFile: string }> = [
    ...content.characters.map((c) => ({ c, file: fileOf.get(c.id) ?? storylineFile, prefix: '', solution: undefined, solutionFile })),
    ...sources.flatMap((src) =>
      content.characters.flatMap((c) =>
        src.k.characters?.[c.id]
          ? [{ c: characterInCase(c, src.k), file: src.overrideFile(c.id), prefix: src.overrideFile(c.id) === src.file ? `characters.${c.id}.` : '', solution: src.k.solution, solutionFile: src.solutionFile }]
          : [],
      ),
    ),
  ];
  for (const { c, file, prefix } of told) {
    const at = (field: string) => prefix + field;
    for (const [field, text] of characterTexts(c)) tokens(text, at(field), file);
    c.days.forEach((d, i) =>
      d.whomToAsk.forEach((w, j) => {
        known(w.characterId, at(`days[${i}].whomToAsk[${j}].characterId`), file);
        if (w.ifAbsent?.characterId) known(w.ifAbsent.characterId, at(`days[${i}].whomToAsk[${j}].ifAbsent.characterId`), file);
      }),
    );
    const briefDays = (c.shadowBriefs ?? []).map((b) => b.day);
    if (new Set(briefDays).size !== briefDays.length) err(at('shadowBriefs'), 'one brief per day', file);
    briefDays.forEach((d, i) => {
      if (d > content.days.length) err(at(`shadowBriefs[${i}].day`), `the storyline has ${content.days.length} days, not ${d}`, file);
    });
    (c.shadowBriefs ?? []).forEach((b, i) =>
      b.steer.forEach((t, j) => known(t.characterId, at(`shadowBriefs[${i}].steer[${j}].characterId`), file)),
    );
  }
  for (const src of sources) checkSolution(src.k.solution, src.solutionFile, known, err, content.days.length);
  for (const { c, file, prefix, solution } of told) {
    if (!solution) continue;
    const clues = new Set(solution.clues.map((x) => x.id));
    (c.shadowBriefs ?? []).forEach((b, i) =>
      b.caughtBy.forEach((id, j) => {
        if (!clues.has(id)) err(`${prefix}shadowBriefs[${i}].caughtBy[${j}]`, `unknown clue id "${id}"`, file);
      }),
    );
  }
}

/** An answer sheet's ids: distinct, and naming revelations, clues and characters that exist. */
function checkSolution(
  sol: TStorylineSolution,
  solutionFile: string,
  known: (id: string, field: string, file?: string) => void,
  err: (field: string, detail: string, file?: string) => never,
  dayCount: number,
): void {
  const revelations = new Set<string>();
  sol.revelations.forEach((r, i) => {
    if (revelations.has(r.id)) err(`revelations[${i}].id`, `duplicate revelation id "${r.id}"`, solutionFile);
    revelations.add(r.id);
  });
  const clues = new Set<string>();
  sol.clues.forEach((c, i) => {
    if (clues.has(c.id)) err(`clues[${i}].id`, `duplicate clue id "${c.id}"`, solutionFile);
    clues.add(c.id);
    if (c.holderId) known(c.holderId, `clues[${i}].holderId`, solutionFile);
    if (c.visibility === 'private' && !c.holderId) err(`clues[${i}].holderId`, 'a private clue needs a holder', solutionFile);
    c.revelations.forEach((r, j) => {
      if (!revelations.has(r)) err(`clues[${i}].revelations[${j}]`, `unknown revelation id "${r}"`, solutionFile);
    });
  });
  sol.clues.forEach((c, i) => {
    if (c.day > dayCount) err(`clues[${i}].day`, `the storyline has ${dayCount} days, not ${c.day}`, solutionFile);
  });
  sol.standingSuspects.forEach((d, i) => {
    if (d.day > dayCount) err(`standingSuspects[${i}].day`, `the storyline has ${dayCount} days, not ${d.day}`, solutionFile);
  });
  sol.standingSuspects.forEach((d, i) =>
    d.standing.forEach((s, j) => {
      known(s.characterId, `standingSuspects[${i}].standing[${j}].characterId`, solutionFile);
      (s.clearedBy ?? []).forEach((id, k) => {
        if (!clues.has(id)) err(`standingSuspects[${i}].standing[${j}].clearedBy[${k}]`, `unknown clue id "${id}"`, solutionFile);
      });
    }),
  );
}

/** Every free-text field of a character that may carry cast tokens, with its field path. */
export function characterTexts(c: TContentCharacter): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const fields = ['name', 'role', 'description', 'profession', 'appearance', ...CASE_SHEET_FIELDS, 'killerRevealStory'] as const;
  for (const f of fields) {
    const v = c[f];
    if (typeof v === 'string') out.push([f, v]);
  }
  c.days.forEach((d, i) => {
    out.push([`days[${i}].storyline`, d.storyline], [`days[${i}].victimRelationship`, d.victimRelationship]);
    if (d.pressConference) out.push([`days[${i}].pressConference`, d.pressConference]);
    if (d.memoryFlash) out.push([`days[${i}].memoryFlash`, d.memoryFlash]);
    for (const m of ['maps', 'clueImages', 'characterKnowledge'] as const) {
      d[m].forEach((x, j) => out.push([`days[${i}].${m}[${j}].caption`, x.caption], [`days[${i}].${m}[${j}].alt`, x.alt]));
    }
    d.whomToAsk.forEach((w, j) => {
      out.push([`days[${i}].whomToAsk[${j}].about`, w.about]);
      if (w.ifAbsent) out.push([`days[${i}].whomToAsk[${j}].ifAbsent.about`, w.ifAbsent.about]);
    });
  });
  (c.shadowBriefs ?? []).forEach((b, i) => {
    out.push(
      [`shadowBriefs[${i}].hide`, b.hide],
      [`shadowBriefs[${i}].safeLie`, b.safeLie],
      [`shadowBriefs[${i}].riskyLie`, b.riskyLie],
      ...b.steer.map((t, j): [string, string] => [`shadowBriefs[${i}].steer[${j}].material`, t.material]),
    );
  });
  return out;
}
