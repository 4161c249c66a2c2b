import type { TGameView } from '@ss/protocol';

export interface StartCheck {
  allowed: boolean;
  unassigned: number;
  missingPlayers: number;
}

/** Start is allowed when there are at least minPlayers players and every player has a character. */
export function startCheck(game: TGameView): StartCheck {
  const unassigned = game.players.filter((p) => !p.characterId).length;
  const missingPlayers = Math.max(0, game.minPlayers - game.players.length);
  return { allowed: game.status === 'setup' && unassigned === 0 && missingPlayers === 0, unassigned, missingPlayers };
}

/** The toast shown when the host tries to start too early. */
export function startBlockedMessage(check: StartCheck): { title: string; description: string } | null {
  if (check.unassigned > 0) {
    return { title: 'Cannot start game', description: `${check.unassigned} player(s) need character assignments first.` };
  }
  if (check.missingPlayers > 0) {
    return { title: 'Cannot start game', description: `${check.missingPlayers} more player(s) need to join first.` };
  }
  return null;
}
