import { beforeEach, describe, expect, it } from 'vitest';
import { diff, type TGameView } from '@ss/protocol';
import { useGameRoom } from './gameRoom';

const G = '00000000-0000-4000-8000-000000000001';

function view(version: number, overrides: Partial<TGameView> = {}): TGameView {
  return {
    id: G,
    version,
    joinCode: 'ABCDEF',
    title: 'T',
    status: 'setup',
    currentPhase: 0,
    isTestingMode: false,
    feedbackMode: false,
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

describe('game-room store', () => {
  beforeEach(() => {
    useGameRoom.getState().reset();
    useGameRoom.getState().select(G);
  });

  it('applies newer snapshots and ignores older ones', () => {
    const s = useGameRoom.getState();
    expect(s.applySnapshot({ version: 3, game: view(3) })).toBe('applied');
    expect(s.applySnapshot({ version: 4, game: view(4, { status: 'in_progress' }) })).toBe('applied');
    expect(s.applySnapshot({ version: 2, game: view(2) })).toBe('stale');
    expect(useGameRoom.getState().game?.status).toBe('in_progress');
    expect(useGameRoom.getState().version).toBe(4);
  });

  it('applies a delta from its own version with the engine patch, and gives the same view as the snapshot', () => {
    const s = useGameRoom.getState();
    s.applySnapshot({ version: 1, game: view(1) });
    const next = view(3, { status: 'in_progress', playerCount: 1 });
    expect(s.applyDelta({ gameId: G, from: 1, to: 3, ops: diff(view(1), next) })).toBe('applied');
    expect(useGameRoom.getState().game).toEqual(next);
    expect(useGameRoom.getState().version).toBe(3);
  });

  it('reports a gap for a delta that does not start at its version, and ignores old ones', () => {
    const s = useGameRoom.getState();
    s.applySnapshot({ version: 1, game: view(1) });
    expect(s.applyDelta({ gameId: G, from: 4, to: 5, ops: diff(view(4), view(5)) })).toBe('gap');
    expect(useGameRoom.getState().version).toBe(1);
    expect(s.applyDelta({ gameId: G, from: 0, to: 1, ops: [] })).toBe('stale');
  });

  it('ignores snapshots of another game', () => {
    const other = view(9, { id: '00000000-0000-4000-8000-000000000002' });
    expect(useGameRoom.getState().applySnapshot({ version: 9, game: other })).toBe('stale');
    expect(useGameRoom.getState().game).toBeNull();
  });

  it('selecting another game clears the state', () => {
    useGameRoom.getState().applySnapshot({ version: 1, game: view(1) });
    useGameRoom.getState().select('00000000-0000-4000-8000-000000000002');
    expect(useGameRoom.getState().game).toBeNull();
    expect(useGameRoom.getState().version).toBe(-1);
  });
});
