import type { Socket } from 'socket.io';
import type { z } from 'zod';
import {
  PROTOCOL_VERSION,
  ZGameRef,
  ZSocketAssign,
  ZSocketPatchGame,
  ZSocketUnassign,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type TAck,
} from '@ss/protocol';
import type { AppContext } from '../../context.js';
import type { IO } from '../../plugins/socket.js';
import { AppError } from '../../lib/app-error.js';
import { parseInput } from '../../lib/validate.js';
import { principalFromToken } from '../auth/principal.js';
import { gameRoom, playerRoom } from './broadcaster.js';
import { actorIn, assignCharacter, patchGame, storylineFor, unassignCharacter, viewOf } from './games.service.js';
import { myCharacterView } from './views.js';
import { onlinePlayerIds, publishPresence } from './presence.js';
import type { SocketData } from './socket-data.js';

export type GameSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

function toAckError(err: unknown): TAck<never> {
  if (err instanceof AppError) return { ok: false, error: { error: err.code, message: err.message, status: err.status } };
  return { ok: false, error: { error: 'INTERNAL', message: 'Something went wrong on our side', status: 500 } };
}

/**
 * Wraps a socket command: validates the payload with its protocol schema, runs the same service function as the
 * REST twin and acks `{ ok, data | error }`. A missing ack callback (fire-and-forget) is tolerated.
 */
export function handle<S extends z.ZodType, R>(
  ctx: AppContext,
  schema: S,
  fn: (input: z.infer<S>) => Promise<R>,
) {
  return async (payload: unknown, ack?: unknown) => {
    const reply = typeof ack === 'function' ? (ack as (r: TAck<R>) => void) : () => undefined;
    try {
      reply({ ok: true, data: await fn(parseInput(schema, payload)) });
    } catch (err) {
      if (!(err instanceof AppError)) ctx.log.error({ err }, 'socket command failed');
      reply(toAckError(err) as TAck<R>);
    }
  };
}

export function registerGameSockets(ctx: AppContext, io: IO): void {
  io.use(async (socket, next) => {
    const auth = socket.handshake.auth as { token?: unknown; protocol?: unknown } | undefined;
    const token = typeof auth?.token === 'string' ? auth.token : undefined;
    // Old clients that speak another protocol version are refused with a reason they can show.
    if (auth?.protocol !== undefined && auth.protocol !== PROTOCOL_VERSION) return next(new Error('protocol_mismatch'));
    try {
      socket.data.principal = await principalFromToken(ctx.tokens, token);
      socket.data.games ??= [];
      socket.data.playerIds ??= {};
      next();
    } catch {
      next(new Error('unauthorized'));
    }
  });

  io.on('connection', (socket: GameSocket) => {
    const principal = socket.data.principal;

    socket.on(
      'game:join',
      handle(ctx, ZGameRef, async ({ gameId }) => {
        const { room, actor } = await actorIn(ctx, principal, gameId);
        await socket.join(gameRoom(gameId));
        if (actor.player) {
          await socket.join(playerRoom(actor.player.id));
          socket.data.playerIds = { ...socket.data.playerIds, [gameId]: actor.player.id };
        }
        if (!socket.data.games.includes(gameId)) socket.data.games = [...socket.data.games, gameId];
        const sv = await storylineFor(ctx, room);
        void publishPresence(ctx, gameId);
        return {
          game: await viewOf(ctx, room),
          me: actor.player ? myCharacterView(room, actor.player, sv) : null,
          // Local sockets only, so the ack never waits on other instances; presence:updated follows.
          online: await onlinePlayerIds(ctx, gameId, { localOnly: true }),
          serverTime: Date.now(),
        };
      }),
    );

    socket.on(
      'game:patch',
      handle(ctx, ZSocketPatchGame, async (input) => {
        await patchGame(ctx, principal, input.gameId, input);
        return null;
      }),
    );
    socket.on(
      'character:assign',
      handle(ctx, ZSocketAssign, async (i) => {
        await assignCharacter(ctx, principal, i.gameId, i.playerId, i.characterId, i.commandId);
        return null;
      }),
    );
    socket.on(
      'character:unassign',
      handle(ctx, ZSocketUnassign, async (i) => {
        await unassignCharacter(ctx, principal, i.gameId, i.playerId, i.commandId);
        return null;
      }),
    );

    socket.on('disconnect', () => {
      for (const gameId of socket.data.games) void publishPresence(ctx, gameId);
    });
  });
}
