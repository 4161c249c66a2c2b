import type { TGameState } from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { readRoom, runGameCommand } from '../game-runtime/command.js';
import { onlinePlayerIds } from '../game-runtime/presence.js';
import type { SocketData } from '../game-runtime/socket-data.js';

/**
 * How the engine learns that the host is away: presence is the server's knowledge (the sockets connected to the
 * game's room, on every instance), so the server tells the engine with a system command when the host's last
 * phone leaves the room and when a phone of the host joins it again. The state then holds since when the host is
 * away, and every phone counts from that time (20 s: "Host reconnecting…"; 60 s: the co-host, else the leader,
 * is offered the host controls). An instance that stops while holding the host's last socket says nothing: the
 * host's phone reconnects to another instance, which notes the host back (a no-op when nothing changed).
 */
const system = { kind: 'system' } as const;

function note(ctx: AppContext, gameId: string, online: boolean): Promise<void> {
  return runGameCommand(ctx, gameId, { type: 'note_host_presence', online }, system).then(
    () => undefined,
    (err: unknown) => ctx.log.warn({ err, gameId }, 'host presence note failed'),
  );
}

/** A phone of the host joined the game's room: the host is back, if the state had them away. */
export async function hostJoined(ctx: AppContext, room: TGameState): Promise<void> {
  if (room.game.status === 'in_progress' && (room.game.hostAwaySince ?? null) !== null) await note(ctx, room.game.id, true);
}

/**
 * Disconnect reasons of this server closing (a restart or a deploy), not of a phone leaving: the phones reconnect
 * to another instance or to this one restarted, so the host is not away.
 */
const SERVER_CLOSING = new Set(['forced close', 'server shutting down', 'forced server close']);

/** A socket left: for each game it followed as the host's seat, whether the host has another phone there. */
export async function socketLeft(ctx: AppContext, data: Pick<SocketData, 'principal' | 'playerIds'>, reason: string): Promise<void> {
  // Only a signed-in user hosts; a player's socket (most of them) costs nothing here.
  if (SERVER_CLOSING.has(reason) || data.principal.kind !== 'user') return;
  for (const [gameId, playerId] of Object.entries(data.playerIds)) {
    try {
      const room = await readRoom(ctx, gameId);
      const host = room.players.find((p) => p.isHost);
      if (room.game.status !== 'in_progress' || host?.id !== playerId || (room.game.hostAwaySince ?? null) !== null) continue;
      if ((await onlinePlayerIds(ctx, gameId)).includes(playerId)) continue;
      await note(ctx, gameId, false);
    } catch (err) {
      ctx.log.warn({ err, gameId }, 'host presence check failed');
    }
  }
}
