import { createHash } from 'node:crypto';
import type { Socket } from 'socket.io';
import type { z } from 'zod';
import {
  PROTOCOL_VERSION,
  SocketRefusal,
  ZGameRef,
  ZSyncRequest,
  diff,
  pushedSeatView,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type TAck,
} from '@ss/protocol';
import type { AppContext } from '../../context.js';
import type { IO } from '../../plugins/socket.js';
import { AppError } from '../../lib/app-error.js';
import { isRedisUnavailable, UNAVAILABLE_MESSAGE } from '../../lib/redis-client.js';
import { parseInput } from '../../lib/validate.js';
import { principalFromToken } from '../auth/principal.js';
import { gameRoom, playerRoom } from '../game-runtime/broadcaster.js';
import { storylineFor, viewOf } from './games.service.js';
import { gameDoor } from '../../plugins/auth-door.js';
import { loadStateAt } from '../game-runtime/event-store.js';
import { cachedView, publicViewOf, seatViewForAnswer } from '../game-runtime/views.js';
import { announceLeft, announceOnline, onlinePlayerIds } from '../game-runtime/presence.js';
import type { SocketData } from '../game-runtime/socket-data.js';
import { hostJoined, socketLeft } from '../table-live/host-presence.js';

/** A phone more than this many versions behind gets the whole view rather than a replay of the log. */
const SYNC_REPLAY_LIMIT = 500;

export type GameSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

function toAckError(err: unknown): TAck<never> {
  if (err instanceof AppError) {
    const reason = typeof err.extra.reason === 'string' ? { reason: err.extra.reason } : {};
    return { ok: false, error: { error: err.code, message: err.message, status: err.status, ...reason } };
  }
  if (isRedisUnavailable(err)) return { ok: false, error: { error: 'UNAVAILABLE', message: UNAVAILABLE_MESSAGE, status: 503 } };
  return { ok: false, error: { error: 'INTERNAL', message: 'Something went wrong on our side', status: 500 } };
}

/** A socket event's listener: the socket it arrived on is `this` (as an event emitter calls its listeners). */
export type SocketListener = (this: GameSocket, payload: unknown, ack?: unknown) => Promise<void>;

/**
 * Wraps a socket command: validates the payload with its protocol schema, runs the same service function as the
 * REST twin and acks `{ ok, data | error }`. A missing ack callback (fire-and-forget) is tolerated. The listener
 * is built once per server and shared by every socket (a socket holds a reference, not closures of its own).
 */
export function handle<S extends z.ZodType, R>(
  ctx: AppContext,
  schema: S,
  fn: (socket: GameSocket, input: z.infer<S>) => Promise<R>,
): SocketListener {
  return async function (this: GameSocket, payload: unknown, ack?: unknown) {
    const reply = typeof ack === 'function' ? (ack as (r: TAck<R>) => void) : () => undefined;
    try {
      reply({ ok: true, data: await fn(this, parseInput(schema, payload)) });
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
    if (auth?.protocol !== undefined && auth.protocol !== PROTOCOL_VERSION) return next(new Error(SocketRefusal.PROTOCOL_MISMATCH));
    const address = ctx.clientAddress(socket.handshake.address, socket.handshake.headers['x-forwarded-for']);
    try {
      // The handshake rate first, so a flood is refused before its token is even read.
      await ctx.doors.hit('socketAddress', address);
      if (token) await ctx.doors.hit('socketToken', createHash('sha256').update(token).digest('base64url'));
    } catch {
      return next(new Error(SocketRefusal.TOO_MANY_SOCKETS));
    }
    try {
      socket.data.principal = await principalFromToken(ctx.tokens, token);
      socket.data.games ??= [];
      socket.data.playerIds ??= {};
    } catch {
      return next(new Error(SocketRefusal.UNAUTHORIZED));
    }
    // Counted last, once the socket is sure to connect: a refused handshake holds nothing.
    if (!ctx.sockets.admit(socket, address, token)) return next(new Error(SocketRefusal.TOO_MANY_SOCKETS));
    next();
  });

  const join = handle(ctx, ZGameRef, async (socket, { gameId }) => {
    const principal = socket.data.principal;
    const { room, actor } = await gameDoor(ctx, principal, gameId);
    const first = !socket.data.games.includes(gameId);
    await leaveOtherGames(ctx, io, socket, gameId);
    await socket.join(gameRoom(gameId));
    if (actor.player) {
      const seatId = actor.player.id;
      await socket.join(playerRoom(seatId));
      socket.data.playerIds = { ...socket.data.playerIds, [gameId]: seatId };
      // A seat belongs to one phone: a newer socket of a player's seat replaces the older ones (joined first,
      // so the older ones' leaving finds this one and announces nothing). The host may keep several screens.
      if (first && principal.kind === 'player') {
        io.to(playerRoom(seatId)).except(socket.id).emit('socket:replaced', { gameId });
        io.in(playerRoom(seatId)).except(socket.id).disconnectSockets(true);
      }
      if (first) announceOnline(io, gameId, seatId);
    }
    if (first) socket.data.games = [...socket.data.games, gameId];
    const storyline = await storylineFor(ctx, room);
    // Seats online on other instances follow as single changes, so the answer never waits on them.
    if (ctx.config.REDIS_URL) void tellRemotePresence(ctx, socket, gameId);
    if (actor.isHost) void hostJoined(ctx, room);
    return {
      game: await viewOf(ctx, room),
      me: actor.player ? pushedSeatView(seatViewForAnswer(room, actor.player.id, storyline)) : null,
      online: await onlinePlayerIds(ctx, gameId, { localOnly: true }),
      serverTime: Date.now(),
    };
  });

  const sync = handle(ctx, ZSyncRequest, async (socket, { gameId, sinceVersion }) => {
    const { room, actor } = await gameDoor(ctx, socket.data.principal, gameId);
    const storyline = await storylineFor(ctx, room);
    const me = actor.player ? pushedSeatView(seatViewForAnswer(room, actor.player.id, storyline)) : null;
    const serverTime = Date.now();
    const now = publicViewOf(room, storyline);
    // The changes since the phone's version, from this instance's recent views or replayed from the log;
    // the whole view when the phone is ahead (another instance's newer commit) or the log cannot say.
    if (sinceVersion <= room.version) {
      let then = cachedView(gameId, sinceVersion);
      if (!then && room.version - sinceVersion <= SYNC_REPLAY_LIMIT) {
        const old = await loadStateAt(ctx.db, gameId, sinceVersion);
        if (old) then = publicViewOf(old, storyline);
      }
      if (then) return { kind: 'delta' as const, from: sinceVersion, to: room.version, ops: diff(then, now), me, serverTime };
    }
    return { kind: 'snapshot' as const, game: now, me, serverTime };
  });

  function left(this: GameSocket, reason: string) {
    for (const gameId of this.data.games) {
      const seatId = this.data.playerIds[gameId];
      if (seatId) void announceLeft(io, gameId, seatId);
    }
    void socketLeft(ctx, this.data, reason);
  }

  io.on('connection', (socket: GameSocket) => {
    socket.on('game:join', join);
    socket.on('game:sync', sync);
    socket.on('disconnect', left);
  });
}

/**
 * A socket follows one game at a time: joining a game leaves the rooms of the one it followed before (its seat
 * goes offline there unless another socket holds it). Pushes then need not name their game (wire/delta.ts).
 */
async function leaveOtherGames(ctx: AppContext, io: IO, socket: GameSocket, gameId: string): Promise<void> {
  const others = socket.data.games.filter((g) => g !== gameId);
  if (others.length === 0) return;
  socket.data.games = socket.data.games.filter((g) => g === gameId);
  for (const other of others) {
    await socket.leave(gameRoom(other));
    const seatId = socket.data.playerIds[other];
    if (!seatId) continue;
    const { [other]: _left, ...rest } = socket.data.playerIds;
    socket.data.playerIds = rest;
    await socket.leave(playerRoom(seatId));
    void announceLeft(io, other, seatId);
    // A host who left their game's screen is away from it, as after a disconnect.
    void socketLeft(ctx, { principal: socket.data.principal, playerIds: { [other]: seatId } }, 'followed another game');
  }
}

/** The seats online on other instances, told to one joining socket as single changes (after its answer). */
async function tellRemotePresence(ctx: AppContext, socket: GameSocket, gameId: string): Promise<void> {
  const local = new Set(await onlinePlayerIds(ctx, gameId, { localOnly: true }));
  for (const playerId of await onlinePlayerIds(ctx, gameId)) {
    if (!local.has(playerId)) socket.emit('presence:changed', { gameId, playerId, online: true });
  }
}
