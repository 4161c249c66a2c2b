import { beforeEach, describe, expect, it } from 'vitest';
import { NO_CAPABILITIES, diff, type TGameView } from '@ss/protocol';
import { useGameRoom } from './gameRoom';
import { TEST_GAME_ID, gameViewFixture } from '../testing/gameView';

const G = TEST_GAME_ID;

const view = (version: number, overrides: Partial<TGameView> = {}): TGameView =>
  gameViewFixture({ version, ...overrides });

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

  it("applies a patch of the seat's own view only on top of the version it is exact at", () => {
    const me = (team: 'seeker' | 'shadow' | null) =>
      ({
        hasAccess: team !== null,
        character: null,
        team,
        shadowTeam: null,
        gamePlayer: { id: G, displayName: 'A', voteLost: false, isHost: false },
        capabilities: NO_CAPABILITIES,
      }) as const;
    const s = () => useGameRoom.getState();
    s().select(G);
    s().applySnapshot({ version: 3, game: view(3) });
    s().applyMe(3, me(null));
    // A commit without a change of the seat's own view moves it on with the room.
    expect(s().applyDelta({ gameId: G, from: 3, to: 4, ops: diff(view(3), view(4)) })).toBe('applied');
    expect(s().meVersion).toBe(4);
    // The commit's own-view patch comes first, then its public delta.
    expect(s().patchMe({ from: 4, version: 5, ops: diff(me(null), me('shadow')) })).toBe('applied');
    expect(s().me?.team).toBe('shadow');
    expect(s().applyDelta({ gameId: G, from: 4, to: 5, ops: diff(view(4), view(5)) })).toBe('applied');
    expect(s().meVersion).toBe(5);
    // A patch on top of a version the store is not exact at is a gap; an old one is stale; neither changes anything.
    expect(s().patchMe({ from: 6, version: 7, ops: diff(me('shadow'), me('seeker')) })).toBe('gap');
    expect(s().patchMe({ from: 3, version: 4, ops: diff(me('shadow'), me('seeker')) })).toBe('stale');
    expect(s().me?.team).toBe('shadow');
  });

  it('keeps presence from the join answer and then one pushed change at a time', () => {
    const s = () => useGameRoom.getState();
    const [a, b, c] = [
      '00000000-0000-4000-8000-00000000000a',
      '00000000-0000-4000-8000-00000000000b',
      '00000000-0000-4000-8000-00000000000c',
    ];
    s().setOnline([a, b]);
    s().setPresence(c, true);
    s().setPresence(c, true);
    s().setPresence(a, false);
    expect(s().online).toEqual([b, c]);
    s().setPresence(a, false);
    expect(s().online).toEqual([b, c]);
  });
});
