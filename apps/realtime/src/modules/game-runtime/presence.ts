import type { AppContext } from '../../context.js';
import type { IO } from '../../plugins/socket.js';
import { gameRoom, playerRoom } from './broadcaster.js';

/** Players with at least one connected socket in the game's room, across instances (adapter fetchSockets). */
export async function onlinePlayerIds(ctx: AppContext, gameId: string, opts: { localOnly?: boolean } = {}): Promise<string[]> {
  try {
    const io = ctx.broadcaster.io;
    // Other instances get one second to answer; a silent one must not stall the caller.
    const sockets = await (opts.localOnly ? io.local : io).in(gameRoom(gameId)).timeout(1000).fetchSockets();
    return [...new Set(sockets.map((s) => s.data.playerIds?.[gameId]).filter((id): id is string => !!id))];
  } catch {
    return [];
  }
}

/**
 * Presence is pushed one change at a time: a seat's first socket joining says "online", its last socket leaving
 * says "offline" (one small event to the room each, so the cost of a join or leave is linear in the room, never
 * the whole list to everyone). The whole list travels only in the joining phone's game:join answer.
 */
export function announceOnline(io: IO, gameId: string, playerId: string): void {
  io.to(gameRoom(gameId)).emit('presence:changed', { gameId, playerId, online: true });
}

/** After a socket of the seat left: "offline" only when no other socket of the seat is left, on any instance. */
export async function announceLeft(io: IO, gameId: string, playerId: string): Promise<void> {
  const rest = await io.in(playerRoom(playerId)).timeout(1000).fetchSockets().catch(() => []);
  if (rest.some((s) => s.data.playerIds?.[gameId] === playerId)) return;
  io.to(gameRoom(gameId)).emit('presence:changed', { gameId, playerId, online: false });
}
