import type { AppContext } from '../../context.js';
import { gameRoom } from './broadcaster.js';

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

export async function publishPresence(ctx: AppContext, gameId: string): Promise<void> {
  const online = await onlinePlayerIds(ctx, gameId);
  ctx.broadcaster.io.to(gameRoom(gameId)).emit('presence:updated', { gameId, online });
}
