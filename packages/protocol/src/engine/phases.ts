import type { EngineStoryline } from './state.js';

/**
 * The one table of phases. A game in progress is in exactly one of them; `currentPhase` is its number.
 * - `route`: the player screen of the phase (under /play/{gameId}/).
 * - `commands`: the phase-bound commands that may run in it (the host's phase and setting commands run in every
 *   phase and are not listed).
 * - `onEnter`: what entering the phase does (the final vote closes the suspect vote with the ballots cast so far,
 *   and ends the game at once if nobody is left who may vote).
 * Day names and dates come from the storyline (`dayOf`).
 */
export const PHASES = [
  { number: 0, key: 'homepage', name: 'Character Homepage', route: 'homepage', day: null, commands: [], onEnter: [] },
  { number: 1, key: 'day-one', name: 'Day 1', route: 'day-one', day: 1, commands: ['remove_vote'], onEnter: [] },
  { number: 2, key: 'day-two', name: 'Day 2', route: 'day-two', day: 2, commands: ['remove_vote'], onEnter: [] },
  { number: 3, key: 'day-three', name: 'Day 3', route: 'day-three', day: 3, commands: ['remove_vote'], onEnter: [] },
  { number: 4, key: 'day-four', name: 'Day 4', route: 'day-four', day: 4, commands: ['remove_vote'], onEnter: [] },
  {
    number: 5,
    key: 'suspect-vote',
    name: 'Suspect Vote',
    route: 'vote',
    day: null,
    commands: ['remove_vote', 'cast_suspect_ballot'],
    onEnter: [],
  },
  {
    number: 6,
    key: 'final-vote',
    name: 'Final Vote',
    route: 'final-vote',
    day: null,
    commands: ['cast_final_vote', 'start_defence', 'end_defence'],
    onEnter: ['close_suspect_vote', 'complete_if_nobody_can_vote'],
  },
] as const;

export type PhaseDef = (typeof PHASES)[number];
export const FIRST_PHASE = 0;
export const LAST_PHASE_NUMBER = PHASES.length - 1;

export const phaseDef = (n: number): PhaseDef | undefined => PHASES[n];

/** Whether a phase-bound command may run in the phase. */
export function phaseAllows(phase: number, command: string): boolean {
  const def = phaseDef(phase);
  return !!def && (def.commands as readonly string[]).includes(command);
}

/** The storyline's day for a day phase (its name and date), else null. */
export function dayOf(phase: number, sv: EngineStoryline) {
  const d = phaseDef(phase)?.day;
  return d ? (sv.content.days.find((x) => x.day === d) ?? null) : null;
}

/** A phase's name as the players see it: a day phase is named by the storyline ("Day 1: The Garden Party"). */
export function phaseName(phase: number, sv: EngineStoryline): string {
  const def = phaseDef(phase);
  if (!def) return 'Outcome';
  const day = dayOf(phase, sv);
  return day ? `${def.name}: ${day.name}` : def.name;
}

/** The player route of a phase; any number outside the table is the outcome screen. */
export function phaseRoute(gameId: string, phase: number): string {
  return `/play/${gameId}/${phaseDef(phase)?.route ?? 'outcome'}`;
}
