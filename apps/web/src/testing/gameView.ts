import type { TGameView } from '@ss/protocol';

export const TEST_GAME_ID = '00000000-0000-4000-8000-000000000001';

/** A game view for unit tests: a game in its lobby with no seats; a test overrides what it is about. */
export function gameViewFixture(overrides: Partial<TGameView> = {}): TGameView {
  return {
    id: TEST_GAME_ID,
    version: 1,
    joinCode: 'ABCDEF',
    title: 'T',
    status: 'setup',
    currentPhase: 0,
    phase: { key: 'homepage', kind: 'homepage', day: null },
    isTestingMode: false,
    feedbackMode: false,
    tvNames: 'first_names',
    storylineId: 's',
    storyline: { id: 's', title: 'T', days: [], minPlayersReason: '' },
    createdAt: '2026-01-01T00:00:00Z',
    startedAt: null,
    completedAt: null,
    playerCount: 0,
    minPlayers: 4,
    characterLimit: 20,
    expectedPlayers: null,
    leaderPlayerId: null,
    hostPlayerId: null,
    amountPaidCents: 0,
    players: [],
    suspectVoting: { submittedCount: 0, eligibleCount: 0, allVotesSubmitted: false, topSuspects: null },
    finalVoting: { submittedCount: 0, eligibleCount: 0, allVotesSubmitted: false },
    defence: null,
    results: null,
    ...overrides,
  };
}
