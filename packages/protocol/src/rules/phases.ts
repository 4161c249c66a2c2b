/** Phase numbering: 0 homepage, 1-4 days, 5 suspect vote, 6 final vote; any other value is the outcome. */
export const Phase = {
  HOMEPAGE: 0,
  DAY_ONE: 1,
  DAY_TWO: 2,
  DAY_THREE: 3,
  DAY_FOUR: 4,
  SUSPECT_VOTE: 5,
  FINAL_VOTE: 6,
} as const;
export const LAST_PHASE = Phase.FINAL_VOTE;
export const FINAL_VOTE_PHASE_CODE = 99;

export const DAY_ROUTES = ['day-one', 'day-two', 'day-three', 'day-four'] as const;

/** The player route a resumed player is sent to for a game's phase. */
export function routeForPhase(gameId: string, phase: number): string {
  if (phase === Phase.HOMEPAGE) return `/play/${gameId}/homepage`;
  if (phase >= Phase.DAY_ONE && phase <= Phase.DAY_FOUR) return `/play/${gameId}/${DAY_ROUTES[phase - 1]}`;
  if (phase === Phase.SUSPECT_VOTE) return `/play/${gameId}/vote`;
  if (phase === Phase.FINAL_VOTE) return `/play/${gameId}/final-vote`;
  return `/play/${gameId}/outcome`;
}

/** Day content for day n is served once the game has reached phase n. */
export const isDayUnlocked = (currentPhase: number, day: number) => currentPhase >= day;
