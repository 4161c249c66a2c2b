import { PHASES, phaseRoute } from '../engine/phases.js';

/** Phase numbers by name (the engine's phase table, engine/phases.ts, holds everything else about them). */
export const Phase = {
  HOMEPAGE: 0,
  DAY_ONE: 1,
  DAY_TWO: 2,
  DAY_THREE: 3,
  DAY_FOUR: 4,
  SUSPECT_VOTE: 5,
  FINAL_VOTE: 6,
} as const satisfies Record<string, (typeof PHASES)[number]['number']>;

export const FINAL_VOTE_PHASE_CODE = 99;
export const DAY_ROUTES = ['day-one', 'day-two', 'day-three', 'day-four'] as const satisfies readonly (typeof PHASES)[number]['route'][];

/** The player route a resumed player is sent to for a game's phase. */
export const routeForPhase = phaseRoute;

/** Day content for day n is served once the game has reached phase n. */
export const isDayUnlocked = (currentPhase: number, day: number) => currentPhase >= day;
