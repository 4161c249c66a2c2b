import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  CastTextError,
  castFor,
  castReferences,
  essentialCharacterIds,
  ZContentCharacter,
  ZStorylineContent,
  type TContentCharacter,
  type TStorylineContent,
} from '@ss/protocol';
import type { z } from 'zod';
import { dayProblems, rangeProblems } from './storyline-range.js';

/**
 * Reads every storyline under `contentDir`: `<slug>/storyline.json` (everything but the characters and the
 * solution), `<slug>/characters/*.json` (one ZContentCharacter each) and, when present, `<slug>/solution.json`
 * (the answer sheet as data, ZStorylineSolution). Any invalid file or broken cross-reference throws an
 * Error naming the file and the field path, so a bad content change stops start-up instead of a game.
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
  const solution = existsSync(solutionFile) ? await readJson(solutionFile) : undefined;
  const parsed = ZStorylineContent.safeParse({ ...rawObj, characters, ...(solution === undefined ? {} : { solution }) });
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
  checkCastReferences(storylineFile, solutionFile, content, fileOf);
  return content;
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
  const checkAsset = (url: string, field: string, file = storylineFile): void => {
    const rel = url.replace(/^\/content\//, '');
    const onDisk = path.join(contentDir, ...rel.split('/'));
    if (!rel.startsWith(`${content.id}/`))
      err(field, `asset ${url} is outside /content/${content.id}/`, file);
    if (rel.split('/').includes('..')) err(field, `asset ${url} climbs out of the content folder`, file);
    if (!existsSync(onDisk)) err(field, `asset ${url} does not exist (${onDisk})`, file);
  };
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
    ['roles.killerCharacterId', roles.killerCharacterId],
    ['roles.detectiveCharacterId', roles.detectiveCharacterId],
    ['roles.pressConferenceCharacterId', roles.pressConferenceCharacterId],
    ...roles.memoryFlashCharacterIds.map((id, i): [string, string] => [
      `roles.memoryFlashCharacterIds[${i}]`,
      id,
    ]),
  ];
  for (const [field, id] of roleIds) if (!ids.has(id)) err(field, `unknown character id "${id}"`);
  if (roles.killerCharacterId === roles.detectiveCharacterId)
    err('roles.detectiveCharacterId', 'the detective cannot be the killer');
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
  if (!core.includes(roles.killerCharacterId))
    err('castOrder', `the killer is not within the first ${content.minPlayers} entries`);
  if (!core.includes(roles.detectiveCharacterId))
    err('castOrder', `the detective is not within the first ${content.minPlayers} entries`);
  if (content.maxPlayers > content.characters.length)
    err('maxPlayers', 'maxPlayers exceeds the number of characters');

  // Shadow candidates.
  const candidates = new Set<string>();
  content.shadowCandidates.forEach((id, i) => {
    if (!ids.has(id)) err(`shadowCandidates[${i}]`, `unknown character id "${id}"`);
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
    const available = content.castOrder.slice(0, n).filter((id) => candidates.has(id)).length;
    if (available < shadows - 1) {
      err(
        `shadowsByPlayerCount.${n}`,
        `${shadows} shadows need ${shadows - 1} shadow candidates among the first ${n}, found ${available}`,
      );
    }
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
    if (c.killerRevealStory && c.id !== roles.killerCharacterId)
      err('killerRevealStory', 'only the killer has a reveal story', file);
    if (c.id === roles.killerCharacterId && !c.killerRevealStory)
      err('killerRevealStory', 'the killer needs a reveal story', file);
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
  if (!content.solution) err('solution', `a storyline with characters needs ${path.basename(solutionFile)}`, solutionFile);
  const roles = content.roles;
  // Cast table: exactly n known, distinct ids per count, every essential character in every row.
  (content.essentialCharacterIds ?? []).forEach((id, i) => known(id, `essentialCharacterIds[${i}]`));
  const essential = essentialCharacterIds(content);
  if (essential.length > content.minPlayers) err('essentialCharacterIds', `more essential characters than minPlayers`);
  if (roles) {
    for (const [what, id] of [['killer', roles.killerCharacterId], ['detective', roles.detectiveCharacterId]] as const) {
      if (!essential.includes(id)) err('essentialCharacterIds', `the ${what} must be essential`);
    }
  }
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
  // Text of each character: tokens, whom-to-ask lines, shadow briefs.
  for (const c of content.characters) {
    const file = fileOf.get(c.id) ?? storylineFile;
    for (const [field, text] of characterTexts(c)) tokens(text, field, file);
    c.days.forEach((d, i) =>
      d.whomToAsk.forEach((w, j) => {
        known(w.characterId, `days[${i}].whomToAsk[${j}].characterId`, file);
        if (w.ifAbsent?.characterId) known(w.ifAbsent.characterId, `days[${i}].whomToAsk[${j}].ifAbsent.characterId`, file);
      }),
    );
    const briefDays = (c.shadowBriefs ?? []).map((b) => b.day);
    if (new Set(briefDays).size !== briefDays.length) err('shadowBriefs', 'one brief per day', file);
    briefDays.forEach((d, i) => {
      if (d > content.days.length) err(`shadowBriefs[${i}].day`, `the storyline has ${content.days.length} days, not ${d}`, file);
    });
    (c.shadowBriefs ?? []).forEach((b, i) =>
      b.steer.forEach((t, j) => known(t.characterId, `shadowBriefs[${i}].steer[${j}].characterId`, file)),
    );
  }
  // Solution: distinct ids, references to revelations, clues and characters that exist.
  const sol = content.solution;
  if (!sol) return;
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
  const dayCount = content.days.length;
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
  for (const c of content.characters) {
    (c.shadowBriefs ?? []).forEach((b, i) =>
      b.caughtBy.forEach((id, j) => {
        if (!clues.has(id)) err(`shadowBriefs[${i}].caughtBy[${j}]`, `unknown clue id "${id}"`, fileOf.get(c.id) ?? storylineFile);
      }),
    );
  }
}

/** Every free-text field of a character that may carry cast tokens, with its field path. */
export function characterTexts(c: TContentCharacter): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const fields = [
    'name',
    'role',
    'description',
    'profession',
    'appearance',
    'personality',
    'backstory',
    'relationships',
    'secrets',
    'motivation',
    'gameObjective',
    'specialInstructions',
    'gameplayTips',
    'storylineHomepage',
    'pressConferenceHomepage',
    'killerRevealStory',
  ] as const;
  for (const f of fields) {
    const v = c[f];
    if (typeof v === 'string') out.push([f, v]);
  }
  c.days.forEach((d, i) => {
    out.push([`days[${i}].storyline`, d.storyline], [`days[${i}].victimRelationship`, d.victimRelationship]);
    if (d.pressConference) out.push([`days[${i}].pressConference`, d.pressConference]);
    if (d.memoryFlash) out.push([`days[${i}].memoryFlash`, d.memoryFlash]);
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
