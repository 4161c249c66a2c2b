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
import { invocationDir } from '../env.js';
import { fileURLToPath } from 'node:url';
import {
  casesOf,
  castFor,
  decide,
  evolve,
  withCases,
  phaseTable,
  seatDayView,
  seatView,
  type Actor,
  type EngineStoryline,
  type TDayContent,
  type TGameCommand,
  type TGameEvent,
  type TGameState,
  type TMyCharacterResponse,
  type TStorylineCase,
  type TStorylineContent,
} from '@ss/protocol';
import { loadStorylineContent } from '../modules/storylines/content-loader.js';

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

export class PreviewError extends Error {}

const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const HOST_USER = uuid(0xffffff);

/** The case asked for (its id), else the storyline's first: the killer, the shadow briefs and the clues follow it. */
export function previewCase(content: TStorylineContent, caseId: string | undefined): TStorylineCase {
  const cases = casesOf(withCases(content));
  const k = caseId === undefined ? cases[0] : cases.find((c) => c.id === caseId);
  if (!k) throw new PreviewError(`${content.id} has no case "${caseId ?? ''}" (cases: ${cases.map((c) => c.id).join(', ') || 'none'})`);
  return k;
}

/** A started game of `players` seats holding the cast table's row, of case `caseId`, dealt with the seed `gameNo`. */
export function previewGame(sv: EngineStoryline, players: number, gameNo: number, caseId: string): TGameState {
  const content = sv.content;
  const at = new Date(Date.UTC(2026, 0, 1)).toISOString();
  const hostSeat = uuid(1);
  const created: TGameEvent = {
    type: 'game_created',
    game: {
      id: uuid(0x1000000 + gameNo),
      joinCode: 'PREVIEW',
      title: content.title,
      storylineId: content.id,
      storylineVersion: content.version,
      hostUserId: HOST_USER,
      status: 'setup',
      currentPhase: 0,
      isTestingMode: false,
      feedbackMode: false,
      characterLimit: content.maxPlayers,
      minPlayers: content.minPlayers,
      expectedPlayers: players,
      leaderPlayerId: null,
      amountPaidCents: 0,
      createdAt: at,
      startedAt: null,
      completedAt: null,
      deletedAt: null,
      caseId,
    },
    host: {
      id: hostSeat,
      displayName: 'Seat 1',
      userId: HOST_USER,
      isHost: true,
      characterId: null,
      team: null,
      voteLost: false,
      voteLostReason: null,
      sessionVersion: 1,
      joinedAt: at,
    },
  };
  let state = evolve(undefined as unknown as TGameState, created, 1);
  const run = (command: TGameCommand, actor: Actor) => {
    const d = decide(state, command, actor, sv, Date.UTC(2026, 0, 1));
    if (!d.ok) throw new PreviewError(`${command.type}: ${d.message}`);
    for (const e of d.events) state = evolve(state, e, state.version + 1);
  };
  const host: Actor = { role: 'host', playerId: hostSeat };
  for (let i = 2; i <= players; i++) run({ type: 'join', playerId: uuid(i), displayName: `Seat ${i}` }, { role: 'guest', playerId: null });
  const row = castFor(content, players);
  state.players.forEach((p, i) => run({ type: 'assign_character', playerId: p.id, characterId: row[i]! }, host));
  run({ type: 'start_game' }, host);
  return state;
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

/** The table size asked for, inside the storyline's range (its minimum by default). */
export function previewPlayers(content: TStorylineContent, players: number | undefined): number {
  const n = players ?? content.minPlayers;
  if (!Number.isInteger(n) || n < content.minPlayers || n > content.maxPlayers) {
    throw new PreviewError(`--players must be ${content.minPlayers} to ${content.maxPlayers} for ${content.id}`);
  }
  return n;
}

/** A started in-memory game of that many seats (the cast table's row, dealt with the first seed) in one case. */
export const startedPreviewGame = (sv: EngineStoryline, players: number, caseId: string): TGameState => previewGame(sv, players, 0, caseId);

/** The preview as text: the seat's sheet, team and the chosen day pages. */
export async function contentPreview(opts: PreviewOptions): Promise<string> {
  const sv = await previewStoryline(opts.storylineId, opts.dir);
  const content = sv.content;
  const players = previewPlayers(content, opts.players);
  const k = previewCase(content, opts.case);
  const row = castFor(content, players);
  const as = opts.as ?? row[0]!;
  if (!row.includes(as)) throw new PreviewError(`${as} is not dealt at ${players} players (dealt: ${row.join(', ')})`);
  const table = phaseTable(content.days.length);
  if (opts.day !== undefined && (!Number.isInteger(opts.day) || opts.day < 1 || opts.day > table.dayCount)) {
    throw new PreviewError(`--day must be 1 to ${table.dayCount} for ${content.id}`);
  }

  // The deal is seeded by the game id: try seeds in order until the seat is on the asked side.
  let state: TGameState | null = null;
  for (let n = 0; n < 500 && !state; n++) {
    const s = previewGame(sv, players, n, k.id);
    const seat = s.players.find((p) => p.characterId === as)!;
    if (!opts.team || seat.team === opts.team) state = s;
  }
  if (!state) throw new PreviewError(`${as} is never a ${opts.team} at ${players} players`);
  const seat = state.players.find((p) => p.characterId === as)!;
  const me = seatView(state, seat.id, sv)!;
  const days = opts.day ? [opts.day] : content.days.map((d) => d.day);
  const out = [
    `${content.title} (${content.id}), case ${k.id} (${k.title}): the seat holding ${me.character!.name} (${as}) at ${players} players, ${seat.team === 'shadow' ? 'a Shadow' : 'a Seeker'}`,
    `Dealt at ${players}: ${row.join(', ')}`,
    '',
    ...sheet(me),
    ...days.flatMap((d) => dayPage(seatDayView(state, sv, as, d, seat.id)!)),
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
    ['Personality', c.personality],
    ['Backstory', c.backstory],
    ['Relationships', c.relationships],
    ['Secrets', c.secrets],
    ['Motivation', c.motivation],
    ['Game objective', c.gameObjective],
    ['Special instructions', c.specialInstructions],
    ['Gameplay tips', c.gameplayTips],
    ['Homepage', c.storylineHomepage],
    ['Press conference (homepage)', c.pressConferenceHomepage],
  ];
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
  const args = argv.filter((a) => a !== '--');
  const storylineId = args.find((a, i) => !a.startsWith('--') && (i === 0 || !args[i - 1]!.startsWith('--')));
  if (!storylineId) throw new PreviewError('usage: content:preview <storyline> [--case C] [--players N] [--as CHARACTER] [--day D] [--team seeker|shadow] [--dir DIR]');
  const flag = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const num = (name: string) => {
    const v = flag(name);
    if (v === undefined) return undefined;
    if (!/^\d+$/.test(v)) throw new PreviewError(`--${name} must be a number`);
    return Number(v);
  };
  const team = flag('team');
  if (team !== undefined && team !== 'seeker' && team !== 'shadow') throw new PreviewError('--team must be seeker or shadow');
  const dir = flag('dir');
  return {
    storylineId,
    ...(flag('case') === undefined ? {} : { case: flag('case') }),
    ...(num('players') === undefined ? {} : { players: num('players') }),
    ...(flag('as') === undefined ? {} : { as: flag('as') }),
    ...(num('day') === undefined ? {} : { day: num('day') }),
    ...(team === undefined ? {} : { team }),
    // Relative to where the author ran pnpm (a `pnpm --filter` script runs inside apps/realtime).
    ...(dir === undefined ? {} : { dir: path.resolve(invocationDir(), dir) }),
  };
}

if (process.argv[1]?.endsWith('content-preview.ts')) {
  try {
    console.log(await contentPreview(parsePreviewArgs(process.argv.slice(2))));
  } catch (e) {
    if (!(e instanceof PreviewError)) throw e;
    console.error(e.message);
    process.exit(2);
  }
}
