import type { TLivePlayer, TLiveRoom } from '@ss/protocol';
import { forbidden, unauthorized } from '../../lib/app-error.js';
import type { Principal } from '../auth/principal.js';

export interface Actor {
  principal: Principal;
  /** The player the caller acts as: the player of a player token, or the host's own player. */
  player: TLivePlayer | null;
  isHost: boolean;
  isAdmin: boolean;
}

/** Who the caller is in this game; refuses tokens of other games, other hosts and revoked player sessions. */
export function resolveActor(room: TLiveRoom, principal: Principal): Actor {
  if (principal.kind === 'user') {
    if (room.game.hostUserId === principal.userId) {
      return { principal, player: room.players.find((p) => p.isHost) ?? null, isHost: true, isAdmin: principal.role === 'admin' };
    }
    if (principal.role === 'admin') return { principal, player: null, isHost: false, isAdmin: true };
    throw forbidden('You do not have access to this game');
  }
  if (principal.gameId !== room.game.id) throw forbidden('This player token belongs to another game');
  const player = room.players.find((p) => p.id === principal.playerId);
  if (!player || player.sessionVersion !== principal.sessionVersion) {
    throw unauthorized('Your seat in this game is no longer valid. Please rejoin.');
  }
  return { principal, player, isHost: false, isAdmin: false };
}

export function requireHost(actor: Actor): void {
  if (!actor.isHost) throw forbidden('Only the host can do this');
}

export function requirePlayer(actor: Actor): TLivePlayer {
  if (!actor.player) throw forbidden('Player not found in game');
  return actor.player;
}
