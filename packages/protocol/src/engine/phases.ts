import { z } from 'zod';
import { MAX_DAYS, MIN_DAYS, ZDay } from '../story-days.js';
import type { EngineStoryline, TGameStatus } from './state.js';

export { MAX_DAYS, MIN_DAYS };

/**
 * The phase table of a game, derived from how many days its storyline declares (2 to 6). It is the one place
 * that knows phase numbers, keys, names, routes and which phase-bound commands run where; the server, the web
 * app, the table screen, reports, analytics and the survey all read it.
 *
 * For a storyline of N days: 0 the character homepage, 1..N the days (phase n is day n), N+1 the suspect vote,
 * N+2 the final vote (with the defences). A completed game is at the outcome: its `currentPhase` stays the final
 * vote's number, and its phase reads as the outcome row (number N+3, never entered by a phase command).
 * For N = 4 the numbers are those of the fixed 7-phase table the game had before storylines chose their days.
 */
/** The highest phase number of any table: a request naming a phase above it is malformed, not merely out of range. */
export const MAX_PHASE_NUMBER = MAX_DAYS + 2;

export const PHASE_KINDS = ['homepage', 'day', 'suspect-vote', 'final-vote', 'outcome'] as const;
export const ZPhaseKind = z.enum(PHASE_KINDS);
export type TPhaseKind = z.infer<typeof ZPhaseKind>;

/** The commands that only run in some phases (the host's phase and setting commands run in every phase). */
export type PhaseCommand = 'remove_vote' | 'cast_suspect_ballot' | 'cast_final_vote' | 'start_defence' | 'end_defence';
/** What entering a phase does. */
export type PhaseEffect = 'close_suspect_vote' | 'complete_if_nobody_can_vote';

export interface PhaseDef {
  readonly number: number;
  /** Stable name of the phase on the wire: 'homepage', 'day-1' … 'day-N', 'suspect-vote', 'final-vote', 'outcome'. */
  readonly key: string;
  readonly kind: TPhaseKind;
  /** Generic name; a day's own name and date come from the storyline (`phaseName`). */
  readonly name: string;
  /** The player screen of the phase, under /play/{gameId}/. */
  readonly route: string;
  /** The storyline day of a day phase, else null. */
  readonly day: number | null;
  readonly commands: readonly PhaseCommand[];
  /**
   * Entering the final vote closes the suspect vote with the ballots cast so far, and ends the game at once if
   * nobody is left who may vote.
   */
  readonly onEnter: readonly PhaseEffect[];
}

export interface PhaseTable {
  readonly dayCount: number;
  /** The phases a game in progress can be in, by number: 0 … N+2. */
  readonly phases: readonly PhaseDef[];
  /** Where a completed game is. */
  readonly outcome: PhaseDef;
  readonly first: number;
  /** The last phase a phase command can reach: the final vote. */
  readonly last: number;
  readonly suspectVote: number;
  readonly finalVote: number;
}

/** What every game read carries about its phase, so that no client needs the numbers. */
export const ZPhaseRef = z.object({
  key: z.string(),
  kind: ZPhaseKind,
  /** The storyline day of a day phase, else null. */
  day: ZDay.nullable(),
});
export type TPhaseRef = z.infer<typeof ZPhaseRef>;

function buildTable(n: number): PhaseTable {
  const row = (number: number, kind: TPhaseKind, key: string, name: string, route: string, extra: Partial<PhaseDef> = {}): PhaseDef =>
    Object.freeze({ number, kind, key, name, route, day: null, commands: [], onEnter: [], ...extra });
  const phases: PhaseDef[] = [row(0, 'homepage', 'homepage', 'Character Homepage', 'homepage')];
  for (let day = 1; day <= n; day++) {
    phases.push(row(day, 'day', `day-${day}`, `Day ${day}`, `day/${day}`, { day, commands: ['remove_vote'] }));
  }
  phases.push(row(n + 1, 'suspect-vote', 'suspect-vote', 'Suspect Vote', 'vote', { commands: ['remove_vote', 'cast_suspect_ballot'] }));
  phases.push(
    row(n + 2, 'final-vote', 'final-vote', 'Final Vote', 'final-vote', {
      commands: ['cast_final_vote', 'start_defence', 'end_defence'],
      onEnter: ['close_suspect_vote', 'complete_if_nobody_can_vote'],
    }),
  );
  return Object.freeze({
    dayCount: n,
    phases: Object.freeze(phases),
    outcome: row(n + 3, 'outcome', 'outcome', 'Outcome', 'outcome'),
    first: 0,
    last: n + 2,
    suspectVote: n + 1,
    finalVote: n + 2,
  });
}

const tables = new Map<number, PhaseTable>();

/** The phase table of a storyline with `dayCount` days (2 to 6; anything else is a content error upstream). */
export function phaseTable(dayCount: number): PhaseTable {
  if (!Number.isInteger(dayCount) || dayCount < MIN_DAYS || dayCount > MAX_DAYS) {
    throw new RangeError(`A storyline has ${MIN_DAYS} to ${MAX_DAYS} days, not ${dayCount}`);
  }
  let t = tables.get(dayCount);
  if (!t) tables.set(dayCount, (t = buildTable(dayCount)));
  return t;
}

/** The phase table of a storyline version. */
export const phasesOf = (storyline: Pick<EngineStoryline, 'content'>): PhaseTable => phaseTable(storyline.content.days.length);

/** A phase of the table by number; undefined outside 0 … N+2. */
export const phaseDef = (t: PhaseTable, n: number): PhaseDef | undefined => t.phases[n];

/** Whether a phase-bound command may run in the phase. */
export function phaseAllows(t: PhaseTable, phase: number, command: PhaseCommand): boolean {
  return phaseDef(t, phase)?.commands.includes(command) ?? false;
}

/** Whether a phase-bound command may run in the game's phase now: the game is in progress and its phase's row lists it. */
export function phaseOpen(storyline: Pick<EngineStoryline, 'content'>, game: { status: TGameStatus; currentPhase: number }, command: PhaseCommand): boolean {
  return game.status === 'in_progress' && phaseAllows(phasesOf(storyline), game.currentPhase, command);
}

/** The phase a game is in, as the screens see it: a completed game (or any number outside the table) is at the outcome. */
export function currentPhaseDef(t: PhaseTable, currentPhase: number, status: TGameStatus): PhaseDef {
  if (status === 'completed') return t.outcome;
  return phaseDef(t, currentPhase) ?? t.outcome;
}

/** The key, kind and day of the phase a game is in: what every game read carries. */
export function phaseRef(t: PhaseTable, currentPhase: number, status: TGameStatus): TPhaseRef {
  const def = currentPhaseDef(t, currentPhase, status);
  let ref = refs.get(def);
  if (!ref) refs.set(def, (ref = Object.freeze({ key: def.key, kind: def.kind, day: def.day })));
  return ref;
}
// One frozen ref per row, shared by every view of every game (views share unchanged parts by identity).
const refs = new WeakMap<PhaseDef, TPhaseRef>();

/** Day n's content opens once the game has reached day n's phase (and stays open through the votes). */
export function isDayUnlocked(t: PhaseTable, currentPhase: number, day: number): boolean {
  return Number.isInteger(day) && day >= 1 && day <= t.dayCount && currentPhase >= day;
}

/** What a request naming a day outside the storyline's days is told. */
export const dayRangeMessage = (t: PhaseTable): string => `Day must be 1 to ${t.dayCount}`;

/** A day number from a request (a path segment or a JSON number): one of the storyline's days, else null. */
export function parseDay(t: PhaseTable, raw: unknown): number | null {
  const n = typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : raw;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= t.dayCount ? n : null;
}

/** The storyline's day for a day phase (its name and date), else null. */
export function dayOf(phase: number, storyline: EngineStoryline) {
  const d = phaseDef(phasesOf(storyline), phase)?.day;
  return d ? (storyline.content.days.find((x) => x.day === d) ?? null) : null;
}

/** A phase's name as the players see it: a day phase is named by the storyline ("Day 1: The Garden Party"). */
export function phaseName(phase: number, storyline: EngineStoryline): string {
  const def = phaseDef(phasesOf(storyline), phase);
  if (!def) return 'Outcome';
  const day = dayOf(phase, storyline);
  return day ? `${def.name}: ${day.name}` : def.name;
}

/** The player route of a phase; any number outside the table is the outcome screen. */
export function phaseRoute(t: PhaseTable, gameId: string, phase: number): string {
  return `/play/${gameId}/${(phaseDef(t, phase) ?? t.outcome).route}`;
}

/**
 * The player route of a phase named by its ref (what a client gets in every game read). A key names the same
 * row, with the same route, in every table that has it, and the longest table has every key.
 */
export function refRoute(gameId: string, ref: Pick<TPhaseRef, 'key'>): string {
  const longest = phaseTable(MAX_DAYS);
  return `/play/${gameId}/${(longest.phases.find((p) => p.key === ref.key) ?? longest.outcome).route}`;
}

/** The player route of a game's current phase (a completed game's is the outcome). */
export function routeOfGame(t: PhaseTable, gameId: string, currentPhase: number, status: TGameStatus): string {
  return `/play/${gameId}/${currentPhaseDef(t, currentPhase, status).route}`;
}
