/**
 * What one seat sees, without a game: `pnpm --filter @ss/realtime content:preview <storyline> [--case C]
 * [--players N] [--as CHARACTER] [--day D] [--team seeker|shadow] [--dir CONTENT_DIR]`.
 *
 * It plays the engine's own commands on an in-memory game (seat N players, deal the storyline's cast table row for
 * N, start) and prints the seat's character sheet and day pages as the engine renders them for that table (cast
 * tokens, whom-to-ask lines and stand-ins, the shadow brief only for a Shadow). Defaults: the storyline's minimum
 * table, the first character of its row, every day. `--team` picks a deal in which that seat is on that side.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { cliArgs, runCli } from './cli-args.js';
import { sheetProse } from '../modules/content-preview/sheet-fields.js';
import { fileURLToPath } from 'node:url';
import { seatDayView, seatView, type EngineStoryline, type TDayContent, type TMyCharacterResponse } from '@ss/protocol';
import { loadStorylineContent } from '../modules/storylines/content-loader.js';
import { PreviewError, seatPreview } from '../modules/content-preview/seat-preview.js';

export { PreviewError, previewCase, previewGame, previewPlayers, startedPreviewGame } from '../modules/content-preview/seat-preview.js';

/** Runs a step of the shared preview, naming a parameter at fault as the CLI's flag (`--players must be …`). */
export function asFlags<T>(step: () => T): T {
  try {
    return step();
  } catch (e) {
    if (e instanceof PreviewError && e.param) throw new PreviewError(`--${e.message}`);
    throw e;
  }
}

export const DEFAULT_CONTENT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../content');

export interface PreviewOptions {
  storylineId: string;
  /** The case to play (its id); the storyline's first case by default. */
  case?: string;
  players?: number;
  as?: string;
  day?: number;
  team?: 'seeker' | 'shadow';
  dir?: string;
}

/** A playable storyline of the content folder, as the engine takes it. */
export async function previewStoryline(storylineId: string, dir = DEFAULT_CONTENT_DIR): Promise<EngineStoryline> {
  if (!existsSync(dir)) throw new PreviewError(`No content folder ${dir}`);
  const all = await loadStorylineContent(dir);
  const content = all.find((s) => s.id === storylineId);
  if (!content) throw new PreviewError(`No storyline "${storylineId}" (have: ${all.map((s) => s.id).join(', ')})`);
  if (content.characters.length === 0 || !content.roles) throw new PreviewError(`${content.id} has no characters yet: nothing to preview`);
  return { content, characters: new Map(content.characters.map((c) => [c.id, c])) };
}

/** The preview as text: the seat's sheet, team and the chosen day pages. */
export async function contentPreview(opts: PreviewOptions): Promise<string> {
  const storyline = await previewStoryline(opts.storylineId, opts.dir);
  const content = storyline.content;
  const { case: k, players, row, state, seat } = asFlags(() => seatPreview(storyline, { case: opts.case, players: opts.players, as: opts.as, team: opts.team }));
  const as = seat.characterId!;
  // The CLI prints day pages (the homepage is the sheet above): a day is 1 to the storyline's last.
  if (opts.day !== undefined && (!Number.isInteger(opts.day) || opts.day < 1 || opts.day > content.days.length)) {
    throw new PreviewError(`--day must be 1 to ${content.days.length} for ${content.id}`);
  }
  const me = seatView(state, seat.id, storyline)!;
  const days = opts.day ? [opts.day] : content.days.map((d) => d.day);
  const out = [
    `${content.title} (${content.id}), case ${k.id} (${k.title}): the seat holding ${me.character!.name} (${as}) at ${players} players, ${seat.team === 'shadow' ? 'a Shadow' : 'a Seeker'}`,
    `Dealt at ${players}: ${row.join(', ')}`,
    '',
    ...sheet(me),
    ...days.flatMap((d) => dayPage(seatDayView(state, storyline, as, d, seat.id)!)),
  ];
  return out.join('\n');
}

function sheet(me: TMyCharacterResponse): string[] {
  const c = me.character!;
  const lines = ['== Character sheet =='];
  const fields: Array<[string, string | null]> = [
    ['Name', c.name],
    ['Role', c.role],
    ['Profession', c.profession],
    ['Description', c.description],
    ['Age', String(c.age)],
    ['Appearance', c.appearance],
  ];
  fields.push(...sheetProse(c));
  for (const [label, value] of fields) if (value) lines.push(`${label}: ${value}`);
  if (c.isDetective) lines.push('You are the detective: you may remove a liar\'s vote.');
  if (me.shadowTeam) {
    lines.push(me.shadowTeam.youAreTheKiller ? 'You are the killer.' : `The killer: ${me.shadowTeam.killer.name}`);
    if (me.shadowTeam.shadows.length > 0) lines.push(`Other Shadows: ${me.shadowTeam.shadows.map((s) => s.name).join(', ')}`);
  }
  return [...lines, ''];
}

function dayPage(d: TDayContent): string[] {
  const media = (label: string, items: TDayContent['mapsMedia']) => (items.length > 0 ? [`${label}:`, ...items.map((m) => `  - ${m.caption} (${m.url})`)] : []);
  return [
    `== Day ${d.day}: ${d.dayName} (${d.date}) ==`,
    ...(d.dayClue ? [`Today in the case: ${d.dayClue}`] : []),
    `Your story: ${d.storyline}`,
    ...(d.whomToAsk.length > 0 ? ['Whom to ask:', ...d.whomToAsk.map((w) => `  - ${w.name ? `${w.name}: ` : ''}${w.about}`)] : []),
    ...(d.shadowBrief
      ? [
          'Shadow brief:',
          `  Keep hidden: ${d.shadowBrief.hide}`,
          ...d.shadowBrief.steer.map((s) => `  Steer at ${s.name}: ${s.material}`),
          `  A safe lie: ${d.shadowBrief.safeLie}`,
          `  A lie a clue can catch: ${d.shadowBrief.riskyLie}`,
        ]
      : []),
    ...media('Maps', d.mapsMedia),
    ...media('Crime scene evidence', d.clueMedia),
    ...media('Character knowledge', d.knowledgeMedia),
    `Memories of the victim: ${d.victimRelationship}`,
    ...(d.pressConference ? [`Press conference: ${d.pressConference}`] : []),
    ...(d.memoryFlash ? [`Memory flash: ${d.memoryFlash}`] : []),
    '',
  ];
}

/** `--name value` pairs after the storyline id. */
export function parsePreviewArgs(argv: readonly string[]): PreviewOptions {
  const args = cliArgs(argv, (m) => new PreviewError(m));
  const storylineId = args.positional;
  if (!storylineId) throw new PreviewError('usage: content:preview <storyline> [--case C] [--players N] [--as CHARACTER] [--day D] [--team seeker|shadow] [--dir DIR]');
  const team = args.flag('team');
  if (team !== undefined && team !== 'seeker' && team !== 'shadow') throw new PreviewError('--team must be seeker or shadow');
  const table = args.tableOptions();
  const [as, day] = [args.flag('as'), args.num('day')];
  return { storylineId, ...table, ...(as === undefined ? {} : { as }), ...(day === undefined ? {} : { day }), ...(team === undefined ? {} : { team }) };
}

if (process.argv[1]?.endsWith('content-preview.ts')) {
  await runCli(PreviewError, async () => console.log(await contentPreview(parsePreviewArgs(process.argv.slice(2)))));
}
