/**
 * Scaffolds a storyline an author can start from: `pnpm --filter @ss/realtime content:new <slug> [--days N]
 * [--dir CONTENT_DIR]`. It writes <dir>/<slug>/ with storyline.json (a coming-soon draft of N days, default 3, for
 * 4 to 6 players with one pricing tier), six characters (killer, detective, press-conference reader, memory-flash
 * holder, two shadow candidates), solution.json, the host's kit (host-kit.json: notes for every phase of N days,
 * one hint per revelation), the answer sheet (answer-sheet.json) and a placeholder card. It loads, passes the
 * schema and every checker rule as it stands; the author replaces the prompts ("Write ...") and flips `status` to
 * published.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cliArgs, runCli } from './cli-args.js';
import { fileURLToPath } from 'node:url';
import { MAX_DAYS, MIN_DAYS, phaseTable, type TAnswerSheet, type THostKit } from '@ss/protocol';

const DEFAULT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../content');

export class ScaffoldError extends Error {}

const CAST = [
  ['killer', 'Ada Finch', 'Innkeeper'],
  ['detective', 'Basil Moss', 'Detective Sergeant'],
  ['reader', 'Cora Lamb', 'Schoolteacher'],
  ['flash', 'Dan Webb', 'Ferryman'],
  ['rival', 'Edith Crane', 'Postmistress'],
  ['heir', 'Felix Rook', 'Clerk'],
] as const;
const MIN = 4;
const MAX = 6;

/** Writes the scaffold and answers the files written (relative to the content folder). */
export function contentNew(slug: string, opts: { days?: number; dir?: string } = {}): string[] {
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) throw new ScaffoldError('the slug is lowercase letters, digits and dashes, e.g. "harbour-1952"');
  const days = opts.days ?? 3;
  if (!Number.isInteger(days) || days < MIN_DAYS || days > MAX_DAYS) throw new ScaffoldError(`--days must be ${MIN_DAYS} to ${MAX_DAYS}`);
  const root = path.join(opts.dir ?? DEFAULT_DIR, slug);
  if (existsSync(root)) throw new ScaffoldError(`${root} already exists`);
  const prefix = slug.split('-')[0]!;
  const id = (role: string) => `${prefix}-${role}`;
  const card = `/content/${slug}/art/card.svg`;
  const media = (caption: string) => ({ url: card, caption, alt: `${caption} (placeholder card)`, type: 'image' });
  const dayNumbers = Array.from({ length: days }, (_, i) => i + 1);
  const [killer, detective, reader, flash, rival, heir] = CAST.map(([role]) => id(role)) as [string, string, string, string, string, string];
  const candidates = [rival, heir];
  const files: Array<[string, unknown]> = [];

  for (const [role, name, profession] of CAST) {
    const cid = id(role);
    const shadowSide = cid === killer || candidates.includes(cid);
    files.push([
      `characters/${cid}.json`,
      {
        id: cid,
        name,
        role: role === 'detective' ? 'Investigator' : 'Suspect',
        description: `${name}, the ${profession.toLowerCase()}. Write one public line: what everyone knows about them.`,
        profession,
        age: 40,
        height: 'Average',
        gender: 'Unspecified',
        appearance: 'Write what a stranger would notice.',
        personality: 'Write how they talk and behave.',
        backstory: `Write ${name}'s past.`,
        relationships: 'Write who they know, and how.',
        secrets: 'Write what they hide.',
        motivation: 'Write what they want tonight.',
        image: media(`${name} portrait`),
        gameObjective: 'Write what this character must achieve.',
        specialInstructions: 'Write the first instruction.\nWrite the second instruction.\nWrite the third instruction.',
        gameplayTips: 'Write a tip for playing this character.',
        storylineHomepage: `You are ${name}. Write the opening the player reads first.`,
        searchWarrantEvidence: [media(`What a search of ${name}'s rooms finds`)],
        ...(cid === reader ? { pressConferenceHomepage: 'Write the statement read to the room before day one.' } : {}),
        ...(cid === killer ? { killerRevealStory: 'Write how and why it was done, told at the reveal.' } : {}),
        ...(shadowSide
          ? {
              privateWords: [cid === killer ? 'poison' : `ledger of ${name.split(' ')[0]}`],
              shadowBriefs: dayNumbers.map((day) => ({
                day,
                hide: `Write what ${name} keeps from the seekers on day ${day}.`,
                steer: [reader, flash].map((t) => ({ characterId: t, material: `Write the ambiguous material that points at {{${t}}}.` })),
                safeLie: 'Write a lie no clue contradicts.',
                riskyLie: 'Write a tempting lie a clue catches.',
                caughtBy: [`c-day-${day}`],
              })),
            }
          : {}),
        days: dayNumbers.map((day) => ({
          day,
          storyline: `Write what ${name} learns on day ${day}.`,
          maps: [media(`Map of day ${day}`)],
          clueImages: [media(`Evidence of day ${day}`)],
          characterKnowledge: [media(`What ${name} knows on day ${day}`)],
          victimRelationship: `Write how ${name} remembers the victim.`,
          ...(cid === reader ? { pressConference: `Write the press statement of day ${day}.` } : {}),
          ...(cid === flash && day > 1 ? { memoryFlash: `Write the memory that returns on day ${day}.` } : {}),
          whomToAsk: [{ characterId: cid === detective ? reader : detective, about: `what they make of day ${day}` }],
        })),
      },
    ]);
  }

  const counts = Array.from({ length: MAX - MIN + 1 }, (_, i) => MIN + i);
  const order = [killer, detective, reader, flash, rival, heir];
  files.push([
    'storyline.json',
    {
      id: slug,
      version: 1,
      title: `Write the title of ${slug}`,
      summary: `Write the premise a buyer reads. For ${MIN} to ${MAX} players.`,
      status: 'coming_soon',
      minPlayers: MIN,
      maxPlayers: MAX,
      duration: '45-60 min',
      difficulty: 'Intermediate',
      image: media('Cover'),
      pricingTiers: [{ id: `${slug}-${MIN}-${MAX}`, displayName: `${MIN} to ${MAX} players`, minPlayers: MIN, maxPlayers: MAX, priceCents: 1999, characterLimit: MAX }],
      days: dayNumbers.map((day) => ({
        day,
        date: `Write the date of day ${day}`,
        name: `Day ${day}`,
        clue: `Write the shared clue of day ${day}.`,
        teaser: `Write a premise-only teaser for day ${day}.`,
        bannerImage: card,
      })),
      roles: { killerCharacterId: killer, detectiveCharacterId: detective, pressConferenceCharacterId: reader, memoryFlashCharacterIds: [flash] },
      castOrder: order,
      shadowsByPlayerCount: Object.fromEntries(counts.map((n) => [String(n), n >= 6 ? 2 : 1])),
      shadowCandidates: candidates,
      essentialCharacterIds: order.slice(0, MIN),
      castTable: Object.fromEntries(counts.map((n) => [String(n), order.slice(0, n)])),
      otherPeople: [{ name: 'Write the victim', note: 'the victim' }],
      minPlayersReason: `At least ${MIN} players: the four essential characters carry the clues.`,
    },
  ]);
  const standing = [
    { characterId: killer, why: 'Write why the killer stays suspected.' },
    { characterId: reader, why: 'Write why they are suspected.', clearedBy: [`c-day-1`, `c-reader`] },
    { characterId: flash, why: 'Write why they are suspected.', clearedBy: [`c-day-2`, `c-flash`] },
  ];
  const revelations = ['r-motive', 'r-means', 'r-opportunity'];
  files.push([
    'solution.json',
    {
      revelations: [
        { id: 'r-motive', title: 'Write the motive the seekers must find' },
        { id: 'r-means', title: 'Write the means' },
        { id: 'r-opportunity', title: 'Write the opportunity' },
      ],
      clues: [
        ...dayNumbers.map((day) => ({ id: `c-day-${day}`, revelations: revelations, day, visibility: 'public', summary: `Write the shared clue of day ${day}.`, where: { day, field: 'clue' } })),
        { id: 'c-reader', revelations: ['r-means'], holderId: reader, day: 1, visibility: 'private', summary: 'Write a clue the reader holds.', where: { characterId: reader, day: 1, field: 'storyline' } },
        { id: 'c-killer', revelations: ['r-motive'], holderId: killer, day: 1, visibility: 'private', summary: 'Write the slip that gives the motive away.', where: { characterId: killer, day: 1, field: 'storyline' } },
        { id: 'c-flash', revelations: ['r-opportunity'], holderId: flash, day: 2, visibility: 'private', summary: 'Write the memory flash clue.', where: { characterId: flash, day: 2, field: 'memoryFlash' } },
      ],
      standingSuspects: dayNumbers.map((day) => ({ day, standing })),
    },
  ]);

  // The host's kit stays case-neutral (the host plays blind): prompts at evidence, never a name.
  const hints = [
    { id: 'h-motive', title: 'Write the question of the motive', text: 'Write where to look for the motive, never the answer.', fromDay: 1 },
    { id: 'h-means', title: 'Write the question of the means', text: 'Write where to look for the means.', fromDay: 1 },
    { id: 'h-opportunity', title: 'Write the question of the opportunity', text: 'Write where to look for the opportunity.', fromDay: Math.min(2, days) },
  ];
  const kit: THostKit = {
    overview: 'Write the premise for the printed guide: the setting, the victim, the evening. Never the answer.',
    setup: ['Write what the host does before the guests arrive.', 'Write how long the evening takes.'],
    phases: Object.fromEntries(
      phaseTable(days).phases.map((p) => [
        p.key,
        {
          opener: `Write what the host reads aloud as ${p.key} opens.`,
          targetMinutes: p.kind === 'day' ? 20 : 10,
          checklist: [`Write what the table should know by the end of ${p.key}: evidence, never names.`],
          hintIds: p.day === null ? [] : hints.filter((h) => h.fromDay <= p.day!).map((h) => h.id),
        },
      ]),
    ),
    hints,
  };
  files.push(['host-kit.json', kit]);
  const sheet: TAnswerSheet = {
    summary: 'Write what happened, in one paragraph, for the table after the final vote.',
    motive: 'Write the motive.',
    method: 'Write the method.',
    keyClues: [
      { clue: 'Write the shared clue that mattered most.', heldBy: 'everyone', day: 1 },
      { clue: 'Write the clue the reader held.', heldBy: CAST[2][1], day: 1 },
    ],
    reasoning: ['Write the first step of the reasoning.', 'Write the step that names the killer.'],
  };
  files.push(['answer-sheet.json', sheet]);

  mkdirSync(path.join(root, 'characters'), { recursive: true });
  mkdirSync(path.join(root, 'art'), { recursive: true });
  writeFileSync(path.join(root, 'art', 'card.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="40" height="30" fill="#333"/></svg>\n');
  for (const [file, json] of files) writeFileSync(path.join(root, file), JSON.stringify(json, null, 2) + '\n');
  return ['art/card.svg', ...files.map(([file]) => file)].map((f) => `${slug}/${f}`).sort();
}

if (process.argv[1]?.endsWith('content-new.ts')) {
  const args = cliArgs(process.argv.slice(2), (m) => new ScaffoldError(m));
  await runCli(ScaffoldError, () => {
    const slug = args.positional;
    if (!slug) throw new ScaffoldError('usage: content:new <slug> [--days N] [--dir CONTENT_DIR]');
    const days = args.flag('days');
    const dir = args.pathFlag('dir');
    const written = contentNew(slug, { ...(days ? { days: Number(days) } : {}), ...(dir ? { dir } : {}) });
    console.log(`Wrote ${written.length} files:\n${written.map((f) => `  ${f}`).join('\n')}\nCheck it with content:check; preview a seat with content:preview ${slug}.`);
  });
}
