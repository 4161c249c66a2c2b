import {
  casesOf,
  castFor,
  decide,
  evolve,
  newGame,
  newSeat,
  phaseTable,
  withCases,
  type Actor,
  type EngineStoryline,
  type TGameCommand,
  type TGameEvent,
  type TGameState,
  type TLivePlayer,
  type TStorylineCase,
  type TStorylineContent,
} from '@ss/protocol';

/**
 * One seat of a game that exists only in memory: the engine's own commands (seat N players, deal the storyline's
 * cast table row for N, start, open the day) played on a fresh state, never stored. The author tools (the
 * content:preview and content:book CLIs, the admin preview page) read a seat's views off it, so what they show is
 * what the phone of that seat would be sent.
 */

/** A preview that cannot be built as asked (an unknown case, a character not dealt at that size, a day out of range). */
export class PreviewError extends Error {
  /** The request parameter at fault, when one is (a CLI names it as its flag). */
  constructor(message: string, readonly param?: 'players' | 'day') {
    super(message);
  }
}

const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const HOST_USER = uuid(0xffffff);
const CLOCK = Date.UTC(2026, 0, 1);

/** The case asked for (its id), else the storyline's first: the killer, the shadow briefs and the clues follow it. */
export function previewCase(content: TStorylineContent, caseId: string | undefined): TStorylineCase {
  const cases = casesOf(withCases(content));
  const k = caseId === undefined ? cases[0] : cases.find((c) => c.id === caseId);
  if (!k) throw new PreviewError(`${content.id} has no case "${caseId ?? ''}" (cases: ${cases.map((c) => c.id).join(', ') || 'none'})`);
  return k;
}

/** The table size asked for, inside the storyline's range (its minimum by default). */
export function previewPlayers(content: TStorylineContent, players: number | undefined): number {
  const n = players ?? content.minPlayers;
  if (!Number.isInteger(n) || n < content.minPlayers || n > content.maxPlayers) {
    throw new PreviewError(`players must be ${content.minPlayers} to ${content.maxPlayers} for ${content.id}`, 'players');
  }
  return n;
}

/**
 * A started game of `players` seats holding the cast table's row, of case `caseId`, dealt with the seed `gameNo`.
 * The character `guest` (if any) is never the host's seat: its views are a player's.
 */
export function previewGame(storyline: EngineStoryline, players: number, gameNo: number, caseId: string, guest?: string): TGameState {
  const content = storyline.content;
  const at = new Date(CLOCK).toISOString();
  const hostSeat = uuid(1);
  const created: TGameEvent = {
    type: 'game_created',
    game: newGame({
      id: uuid(0x1000000 + gameNo),
      joinCode: 'PREVIEW',
      title: content.title,
      storylineId: content.id,
      storylineVersion: content.version,
      hostUserId: HOST_USER,
      isTestingMode: false,
      feedbackMode: false,
      characterLimit: content.maxPlayers,
      minPlayers: content.minPlayers,
      expectedPlayers: players,
      amountPaidCents: 0,
      createdAt: at,
      caseId,
    }),
    host: newSeat({ id: hostSeat, displayName: 'Seat 1', userId: HOST_USER, isHost: true, joinedAt: at }),
  };
  let state = evolve(undefined as unknown as TGameState, created, 1);
  const run = (command: TGameCommand, actor: Actor) => {
    const d = decide(state, command, actor, storyline, CLOCK);
    if (!d.ok) throw new PreviewError(`${command.type}: ${d.message}`);
    for (const e of d.events) state = evolve(state, e, state.version + 1);
  };
  const host: Actor = { role: 'host', playerId: hostSeat };
  for (let i = 2; i <= players; i++) run({ type: 'join', playerId: uuid(i), displayName: `Seat ${i}` }, { role: 'guest', playerId: null });
  const row = castFor(content, players);
  // The host holds the first seat: a character the host's seat would hold swaps with the second seat's.
  const order = guest !== undefined && row.length > 1 && row[0] === guest ? [row[1]!, guest, ...row.slice(2)] : row;
  state.players.forEach((p, i) => run({ type: 'assign_character', playerId: p.id, characterId: order[i]! }, host));
  run({ type: 'start_game' }, host);
  return state;
}

/** A started in-memory game of that many seats (the cast table's row, dealt with the first seed) in one case. */
export const startedPreviewGame = (storyline: EngineStoryline, players: number, caseId: string): TGameState => previewGame(storyline, players, 0, caseId);

export interface SeatPreviewRequest {
  case?: string | undefined;
  players?: number | undefined;
  /** The character the seat holds; the first of the row dealt at that size by default. */
  as?: string | undefined;
  /** 0 for the homepage (phase 0), else a story day (the game is moved to that day's phase). */
  day?: number | undefined;
  team?: 'seeker' | 'shadow' | undefined;
}

export interface SeatPreview {
  case: TStorylineCase;
  players: number;
  /** The characters dealt at this size, in cast order. */
  row: string[];
  /** The game at the day's phase, and the seat holding the character. */
  state: TGameState;
  seat: TLivePlayer;
}

/** The seat holding a character, on a game of the case and size asked for, moved to the day asked for. */
export function seatPreview(storyline: EngineStoryline, req: SeatPreviewRequest): SeatPreview {
  const content = storyline.content;
  if (content.characters.length === 0 || !content.roles) throw new PreviewError(`${content.id} has no characters yet: nothing to preview`);
  const players = previewPlayers(content, req.players);
  const k = previewCase(content, req.case);
  const row = castFor(content, players);
  const as = req.as ?? row[0]!;
  if (!row.includes(as)) throw new PreviewError(`${as} is not dealt at ${players} players (dealt: ${row.join(', ')})`);
  const table = phaseTable(content.days.length);
  const day = req.day ?? 0;
  if (!Number.isInteger(day) || day < 0 || day > table.dayCount) throw new PreviewError(`day must be 0 (the homepage) to ${table.dayCount} for ${content.id}`, 'day');

  // The deal is seeded by the game id: try seeds in order until the seat is on the asked side.
  let state: TGameState | null = null;
  for (let n = 0; n < 500 && !state; n++) {
    const s = previewGame(storyline, players, n, k.id, as);
    const seat = s.players.find((p) => p.characterId === as)!;
    if (!req.team || seat.team === req.team) state = s;
  }
  if (!state) throw new PreviewError(`${as} is never a ${req.team} at ${players} players`);
  // The host opens the days one by one, as in a game.
  for (let from = 0; from < day; from++) {
    const d = decide(state, { type: 'advance_phase', fromPhase: from }, { role: 'host', playerId: uuid(1) }, storyline, CLOCK);
    if (!d.ok) throw new PreviewError(`advance: ${d.message}`);
    for (const e of d.events) state = evolve(state, e, state.version + 1);
  }
  const seat = state.players.find((p) => p.characterId === as)!;
  return { case: k, players, row, state, seat };
}
