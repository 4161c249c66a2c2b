/**
 * A blind-solve packet for one seeded deal: `pnpm content:pool <storyline> [--case C] [--players N] [--seed S]
 * --out DIR [--key FILE] [--dir CONTENT_DIR]`.
 *
 * A blind reader gets what a table shares, as the engine renders it for that deal (the preview's in-memory game):
 * - 00-setup.md: the storyline's public face, the public face of each dealt character, and the sheets players
 *   share: every Seeker's, minus a few Seekers (chosen by the seed) who keep theirs, so a missing sheet does not
 *   mark a Shadow; a Shadow's sheet, brief, private words and team are never in the packet, nor the case;
 * - one file a day: the day's shared clue, the press conference when its reader is dealt, and each shared
 *   sheet's day (story, whom to ask, memory flash, memories of the victim, the text of its images);
 * - warrants/<character-name>.md: the search-warrant finds the table reads when that character is in the top 3 (the
 *   setup names each character's file).
 * The answer (Shadows, killer, case) goes to a key file outside the packet, for whoever scores the reading.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { castFor, seatDayView, seatView, type EngineStoryline, type TDayContent, type TGameState, type TMediaItem, type TPrivateCharacter, type TStorylineContent } from '@ss/protocol';
import { cliArgs, runCli } from './cli-args.js';
import { sheetProse } from '../modules/content-preview/sheet-fields.js';
import { asFlags, DEFAULT_CONTENT_DIR, PreviewError, previewCase, previewGame, previewPlayers, previewStoryline } from './content-preview.js';

export interface PoolOptions {
  storylineId: string;
  case?: string;
  players?: number;
  /** Seeds the deal (who is a Shadow) and which Seekers keep their sheets. */
  seed?: number;
  dir?: string;
}

export interface PoolKey {
  storylineId: string;
  storylineVersion: TStorylineContent['version'];
  caseId: string;
  caseTitle: string;
  killer: string;
  shadows: string[];
  players: number;
  seed: number;
  dealt: string[];
  sharedSheets: string[];
  keptSheets: string[];
}

export interface Pool {
  /** Packet files by their path inside the packet folder. */
  files: Map<string, string>;
  key: PoolKey;
}

/** A small seeded generator (mulberry32): the same seed picks the same Seekers who keep their sheets. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The Seekers who keep their sheets: about one in three of those who may be a Shadow (at least one). */
function keepers(candidates: readonly string[], seed: number): Set<string> {
  const rnd = seeded(seed * 7919 + 17);
  const order = [...candidates];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return new Set(order.slice(0, Math.max(1, Math.floor(candidates.length / 3))));
}

const decodeXml = (s: string) =>
  s
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The words written on an SVG asset (its <text> lines), as a player reads them off the picture. */
export function svgText(svg: string): string[] {
  return [...svg.matchAll(/<text\b[^>]*>([\s\S]*?)<\/text>/g)]
    .map((m) => decodeXml(m[1]!.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ').trim())
    .filter((t) => t.length > 0);
}

/**
 * A picture as text: its caption, its description and the words on it. The file name is left out: it can name
 * the case (the art of one case only) or the character it belongs to.
 */
function mediaText(item: TMediaItem, dir: string): string[] {
  const lines = [`- **${item.caption}**`, `  - Picture: ${item.alt}`];
  const rel = item.url.startsWith('/content/') ? item.url.slice('/content/'.length) : null;
  const file = rel && item.url.endsWith('.svg') ? path.join(dir, rel) : null;
  if (file && existsSync(file)) {
    const words = svgText(readFileSync(file, 'utf8'));
    if (words.length > 0) lines.push(`  - Written on it: ${words.map((w) => `"${w}"`).join(' / ')}`);
  }
  return lines;
}

function sheetText(c: TPrivateCharacter): string[] {
  return sheetProse(c).flatMap(([label, value]) => [`**${label}:** ${value}`, '']);
}

const MEDIA_KINDS = [
  ['Maps', 'mapsMedia'],
  ['Crime scene evidence', 'clueMedia'],
  ['Character knowledge', 'knowledgeMedia'],
] as const;

/** Pictures as text under a label; `skip` holds the pictures already printed once for every sheet of the day. */
function mediaSection(label: string, items: readonly TMediaItem[], dir: string, skip: ReadonlySet<string> = new Set()): string[] {
  const own = items.filter((m) => !skip.has(m.url));
  return own.length > 0 ? [`**${label}:**`, '', ...own.flatMap((m) => mediaText(m, dir)), ''] : [];
}

function sheetDay(name: string, d: TDayContent, dir: string, common: ReadonlySet<string>): string[] {
  return [
    `## ${name}`,
    '',
    d.storyline,
    '',
    ...(d.whomToAsk.length > 0 ? ['**Whom to ask:**', '', ...d.whomToAsk.map((w) => `- ${w.name ? `${w.name}: ` : ''}${w.about}`), ''] : []),
    ...(d.memoryFlash ? [`**Memory flash:** ${d.memoryFlash}`, ''] : []),
    `**Memories of the victim:** ${d.victimRelationship}`,
    '',
    ...MEDIA_KINDS.flatMap(([label, kind]) => mediaSection(label, d[kind], dir, common)),
  ];
}

/** The state as it is once `playerId` is among the top 3 suspects: its search warrant opens. */
const withTopSuspect = (s: TGameState, playerId: string): TGameState => ({
  ...s,
  suspectVoting: { ...s.suspectVoting, topSuspects: [{ playerId, rank: 1, voteCount: 0 }] },
});

/** A warrant's file is named after the character, not its id: ids are the author's words and can say a role. */
export const warrantFile = (name: string) => `warrants/${name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}.md`;

export async function contentPool(opts: PoolOptions): Promise<Pool> {
  const dir = opts.dir ?? DEFAULT_CONTENT_DIR;
  const storyline: EngineStoryline = await previewStoryline(opts.storylineId, dir);
  const content = storyline.content;
  const players = asFlags(() => previewPlayers(content, opts.players));
  const k = previewCase(content, opts.case);
  const seed = opts.seed ?? 0;
  if (!Number.isInteger(seed) || seed < 0) throw new PreviewError('--seed must be a whole number');
  const state = previewGame(storyline, players, seed, k.id);
  const row = castFor(content, players);
  const seats = row.map((id) => {
    const seat = state.players.find((p) => p.characterId === id)!;
    return { id, seat, me: seatView(state, seat.id, storyline)! };
  });
  const seekers = seats.filter((s) => s.seat.team === 'seeker');
  // The detective is always a Seeker, so whether that sheet is shared tells nothing: it is always shared.
  const kept = keepers(
    seekers.filter((s) => !s.me.character!.isDetective).map((s) => s.id),
    seed,
  );
  const shared = seekers.filter((s) => !kept.has(s.id));
  const nameOf = (id: string) => seats.find((s) => s.id === id)!.me.character!.name;
  const shadowCount = seats.length - seekers.length;

  const files = new Map<string, string>();
  const setup = [
    `# ${content.title}`,
    '',
    content.summary,
    '',
    `Playing time: ${content.duration}. ${content.days.length} days.`,
    '',
    ...content.days.map((d) => `- Day ${d.day}: ${d.name} (${d.date})${d.teaser ? `: ${d.teaser}` : ''}`),
    '',
    `## The table: ${players} players`,
    '',
    `${shadowCount} of the ${players} characters are Shadows, and one of the Shadows is the killer. The detective is always a Seeker.`,
    '',
    ...seats.flatMap(({ me }) => {
      const c = me.character!;
      return [
        `### ${c.name}`,
        '',
        `${c.role}. ${c.profession}. Age ${c.age}, ${c.height}, ${c.gender}.`,
        '',
        c.description,
        '',
        `Appearance: ${c.appearance}`,
        '',
        // The reader opens the warrants of the top 3 only, so each name needs its file before the vote.
        `Search warrant, if voted into the top 3: \`${warrantFile(c.name)}\``,
        '',
      ];
    }),
    `## Shared character sheets`,
    '',
    `Kept their sheets to themselves: ${seats
      .filter((s) => !shared.includes(s))
      .map((s) => s.me.character!.name)
      .join(', ')}.`,
    '',
    ...shared.flatMap(({ me }) => [`### ${me.character!.name}`, '', ...(me.character!.isDetective ? ["The detective: may remove a liar's vote.", ''] : []), ...sheetText(me.character!)]),
  ];
  files.set('00-setup.md', setup.join('\n'));

  const reader = content.roles?.pressConferenceCharacterId;
  const readerSeat = seats.find((s) => s.id === reader);
  for (const day of content.days) {
    const view = (s: (typeof seats)[number]) => seatDayView(state, storyline, s.id, day.day, s.seat.id)!;
    const first = view(seats[0]!);
    const press = readerSeat ? view(readerSeat).pressConference : null;
    const views = shared.map((s) => ({ name: s.me.character!.name, d: view(s) }));
    // A picture on every shared sheet's day (the day's maps and public evidence) is printed once, not per sheet.
    const everywhere = (kind: (typeof MEDIA_KINDS)[number][1]) =>
      views.length > 1 ? views[0]!.d[kind].filter((m) => views.every((v) => v.d[kind].some((x) => x.url === m.url))) : [];
    const common = new Set(MEDIA_KINDS.flatMap(([, kind]) => everywhere(kind).map((m) => m.url)));
    const commonPart = MEDIA_KINDS.flatMap(([label, kind]) => mediaSection(label, everywhere(kind), dir));
    const page = [
      `# Day ${day.day}: ${first.dayName} (${first.date})`,
      '',
      ...(first.dayClue ? ['## Today in the case', '', first.dayClue, ''] : []),
      ...(press ? [`## Press conference (read by ${nameOf(readerSeat!.id)})`, '', press, ''] : []),
      ...(commonPart.length > 0 ? ['## Pictures on every shared sheet today', '', ...commonPart] : []),
      ...views.flatMap((v) => sheetDay(v.name, v.d, dir, common)),
    ];
    files.set(`${String(day.day).padStart(2, '0')}-day-${day.day}.md`, page.join('\n'));
  }

  for (const s of seats) {
    const c = seatView(withTopSuspect(state, s.seat.id), s.seat.id, storyline)!.character!;
    files.set(warrantFile(c.name), [`# Search warrant: ${c.name}`, '', ...c.searchWarrantMedia.flatMap((m) => mediaText(m, dir)), ''].join('\n'));
  }
  // Every warrant file is padded to the longest one: a reader listing the folder must not see whose search found
  // the most before naming a top 3.
  const warrantNames = [...files.keys()].filter((n) => n.startsWith('warrants/'));
  const longest = Math.max(0, ...warrantNames.map((n) => Buffer.byteLength(files.get(n)!)));
  for (const n of warrantNames) files.set(n, files.get(n)! + ' '.repeat(longest - Buffer.byteLength(files.get(n)!)));

  const key: PoolKey = {
    storylineId: content.id,
    storylineVersion: content.version,
    caseId: k.id,
    caseTitle: k.title,
    // As the engine tells the killer's own seat (an author tool, not a request path: it may name the killer).
    killer: seats.find((s) => s.me.shadowTeam?.youAreTheKiller)!.id,
    shadows: seats.filter((s) => s.seat.team === 'shadow').map((s) => s.id),
    players,
    seed,
    dealt: row,
    sharedSheets: shared.map((s) => s.id),
    keptSheets: seats.filter((s) => !shared.includes(s)).map((s) => s.id),
  };
  return { files, key };
}

/** Writes the packet into `out` (its earlier packet files replaced) and the key to `keyFile`, outside it. */
export function writePool(pool: Pool, out: string, keyFile: string): void {
  const rel = path.relative(path.resolve(out), path.resolve(keyFile));
  if (!rel.startsWith('..') && !path.isAbsolute(rel)) throw new PreviewError('--key must be outside the packet folder');
  rmSync(path.join(out, 'warrants'), { recursive: true, force: true });
  mkdirSync(path.join(out, 'warrants'), { recursive: true });
  for (const [name, text] of pool.files) writeFileSync(path.join(out, name), text);
  mkdirSync(path.dirname(keyFile), { recursive: true });
  writeFileSync(keyFile, `${JSON.stringify(pool.key, null, 2)}\n`);
}

if (process.argv[1]?.endsWith('content-pool.ts')) {
  const args = cliArgs(process.argv.slice(2), (m) => new PreviewError(m));
  await runCli(PreviewError, async () => {
    const storylineId = args.positional;
    const out = args.pathFlag('out');
    if (!storylineId || !out) throw new PreviewError('usage: content:pool <storyline> [--case C] [--players N] [--seed S] --out DIR [--key FILE] [--dir DIR]');
    const keyFile = args.pathFlag('key') ?? `${out.replace(/\/+$/, '')}.key.json`;
    const seed = args.num('seed');
    const pool = await contentPool({ storylineId, ...args.tableOptions(), ...(seed === undefined ? {} : { seed }) });
    writePool(pool, out, keyFile);
    console.log(`Wrote ${pool.files.size} files to ${out} and the key to ${keyFile}`);
  });
}
