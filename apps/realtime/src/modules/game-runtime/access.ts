import { Refusal, type Actor as EngineActor, type TLivePlayer, type TGameState } from '@ss/protocol';
import { AppError, forbidden, unauthorized } from '../../lib/app-error.js';
import type { Principal } from '../auth/principal.js';

export interface Actor {
  principal: Principal;
  /** The player the caller acts as: the player of a player token, or the host's own player. */
  player: TLivePlayer | null;
  isHost: boolean;
  isAdmin: boolean;
}

/** Who sends a command: a signed-in caller, the server itself (timers), or a guest taking a seat. */
export type Sender = Principal | { kind: 'system' } | { kind: 'guest' };

/** Who the caller is in this game; refuses tokens of other games, other hosts and revoked player sessions. */
export function resolveActor(room: TGameState, principal: Principal): Actor {
  if (principal.kind === 'user') {
    if (room.game.hostUserId === principal.userId) {
      return { principal, player: room.players.find((p) => p.isHost) ?? null, isHost: true, isAdmin: principal.role === 'admin' };
    }
    if (principal.role === 'admin') return { principal, player: null, isHost: false, isAdmin: true };
    throw forbidden('You do not have access to this game');
  }
  if (principal.gameId !== room.game.id) throw forbidden('This player token belongs to another game');
  const player = room.players.find((p) => p.id === principal.playerId);
  if (player && player.sessionVersion > principal.sessionVersion) {
    // An older generation of the seat's token: the seat moved to another phone.
    throw new AppError('UNAUTHORIZED', 'This seat moved to another phone', { reason: Refusal.SEAT_MOVED });
  }
  if (!player || player.sessionVersion !== principal.sessionVersion) {
    throw unauthorized('Your seat in this game is no longer valid. Please rejoin.');
  }
  return { principal, player, isHost: false, isAdmin: false };
}

/** The engine's view of the sender (resolved against the state the command is decided on). */
export function engineActor(room: TGameState, sender: Sender): EngineActor {
  if (sender.kind === 'system') return { role: 'system', playerId: null };
  if (sender.kind === 'guest') return { role: 'guest', playerId: null };
  return engineActorOf(resolveActor(room, sender));
}

/** The engine's view of a caller already resolved in the game. */
export function engineActorOf(a: Actor): EngineActor {
  return { role: a.isHost ? 'host' : a.isAdmin ? 'admin' : 'player', playerId: a.player?.id ?? null };
}

/** How the log names a sender. */
export function senderLabel(sender: Sender): string {
  if (sender.kind === 'user') return `user:${sender.userId}`;
  if (sender.kind === 'player') return `player:${sender.playerId}`;
  return sender.kind;
}

export function requirePlayer(actor: Actor): TLivePlayer {
  if (!actor.player) throw forbidden('Player not found in game');
  return actor.player;
}
