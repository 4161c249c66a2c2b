import { describe, expect, it } from 'vitest';
import type { TGameView, TPublicPlayer } from '@ss/protocol';
import { startBlockedMessage, startCheck } from './startRules';

const player = (id: number, characterId: string | null): TPublicPlayer => ({
  id: `00000000-0000-4000-8000-00000000000${id}`,
  displayName: `P${id}`,
  userId: null,
  isHost: id === 0,
  characterId,
  character: null,
  voteLost: false,
  isLeader: false,
});

const game = (players: TPublicPlayer[], minPlayers = 4) =>
  ({ status: 'setup', minPlayers, players }) as unknown as TGameView;

describe('start rules', () => {
  it('blocks with the spec text when players lack characters', () => {
    const c = startCheck(game([player(0, 'a'), player(1, null), player(2, null), player(3, 'd')]));
    expect(c.allowed).toBe(false);
    expect(startBlockedMessage(c)).toEqual({
      title: 'Cannot start game',
      description: '2 player(s) need character assignments first.',
    });
  });
  it('blocks below the minimum player count', () => {
    const c = startCheck(game([player(0, 'a'), player(1, 'b')]));
    expect(c.allowed).toBe(false);
    expect(startBlockedMessage(c)?.description).toBe('2 more player(s) need to join first.');
  });
  it('allows when everyone has a character and enough joined', () => {
    const c = startCheck(game([player(0, 'a'), player(1, 'b'), player(2, 'c'), player(3, 'd')]));
    expect(c.allowed).toBe(true);
    expect(startBlockedMessage(c)).toBeNull();
  });
});
