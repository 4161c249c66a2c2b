import { Refusal, type Actor as EngineActor, type TLivePlayer, type TLiveRoom } from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { AppError, forbidden, unauthorized } from '../../lib/app-error.js';
import type { FastifyRequest } from 'fastify';
import { requirePrincipal, type Principal } from '../auth/principal.js';
import { currentRoles } from '../auth/users.repository.js';

export interface Actor {
  principal: Principal;
  /** The player the caller acts as: the player of a player token, or the host's own player. */
  player: TLivePlayer | null;
  isHost: boolean;
  isAdmin: boolean;
}

/** Who sends a command: a signed-in caller, the server itself (timers), or a guest taking a seat. */
export type Sender = Principal | { kind: 'system' } | { kind: 'guest' };

/**
 * The caller with their admin right as the database holds it now (not as the token said when it was signed), so
 * `admin:grant --revoke` takes effect at once for game access, free hosting and every other admin check.
 */
export async function withCurrentRole<P extends Principal>(ctx: AppContext, principal: P): Promise<P> {
  if (principal.kind !== 'user') return principal;
  const role = (await currentRoles(ctx.db, [principal.userId])).get(principal.userId);
  if (!role) throw unauthorized(UNKNOWN_USER_MESSAGE);
  return { ...principal, role };
}

/**
 * An admin-only read that any caller may knock on: 401 without a token, 403 for anyone but an admin (a player's
 * seat token included). The role is read from the database, so a revoked admin loses access at once.
 */
export async function requireAdminCaller(ctx: AppContext, req: FastifyRequest, message: string): Promise<void> {
  const p = await requirePrincipal(ctx.tokens, req);
  if (p.kind !== 'user' || (await withCurrentRole(ctx, p)).role !== 'admin') throw forbidden(message);
}

/** A user token whose user the database no longer has. */
export const UNKNOWN_USER_MESSAGE = 'Authentication required';

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
export function engineActor(room: TLiveRoom, sender: Sender): EngineActor {
  if (sender.kind === 'system') return { role: 'system', playerId: null };
  if (sender.kind === 'guest') return { role: 'guest', playerId: null };
  const a = resolveActor(room, sender);
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
