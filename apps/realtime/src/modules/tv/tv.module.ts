import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Namespace } from 'socket.io';
import {
  SocketRefusal,
  TV_NAMESPACE,
  ZTvJoinCodeParams,
  ZTvSnapshot,
  storylineOf,
  type TTvSnapshot,
  type TvClientToServerEvents,
  type TvServerToClientEvents,
} from '@ss/protocol';
import type { AppContext } from '../../context.js';
import type { IO } from '../../plugins/socket.js';
import { notFound } from '../../lib/app-error.js';
import { parseInput } from '../../lib/validate.js';
import { readRoom } from '../game-runtime/command.js';
import { storylineFor } from '../games/games.service.js';
import { publicViewOf } from '../game-runtime/views.js';
import { tvView } from './tv-view.js';

/** Instance-to-instance: "a table screen follows this game" (so the instance that commits knows to build its view). */
interface TvClusterEvents {
  'tv:watch': (gameIds: string[]) => void;
}
type TvNamespace = Namespace<TvClientToServerEvents, TvServerToClientEvents, TvClusterEvents, { gameId: string }>;

/** A table screen announces itself again this often while connected; a game not announced for WATCH_TTL_MS is unwatched. */
const REANNOUNCE_MS = 15_000;
const WATCH_TTL_MS = 45_000;

const TV_ROOM_PREFIX = 'tv:';
const tvRoom = (gameId: string) => `${TV_ROOM_PREFIX}${gameId}`;

/** The game a room code names: the newest game that holds it and was not deleted (a finished game keeps its screen). */
async function gameIdFor(ctx: AppContext, joinCode: string): Promise<string> {
  const row = await ctx.db
    .selectFrom('games')
    .select('id')
    .where('join_code', '=', joinCode)
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) throw notFound('Game not found');
  return row.id;
}

async function snapshotOf(ctx: AppContext, gameId: string): Promise<TTvSnapshot> {
  const room = await readRoom(ctx, gameId);
  // The day's clue and maps as the game's case tells them (the same text every phone at the table shows).
  const storyline = await storylineFor(ctx, room);
  return { serverTime: Date.now(), view: tvView(publicViewOf(room, storyline), storyline) };
}

/**
 * The table screen: a read-only public subscription by room code, no login. REST answers the current view; the
 * `/tv` namespace (its own, so the players' token check does not apply) pushes a new view after every published
 * change. It never accepts a command.
 */
export async function registerTv(app: FastifyInstance, ctx: AppContext, io: IO): Promise<void> {
  const nsp = io.of(TV_NAMESPACE) as unknown as TvNamespace;

  // A room code is looked up here as it is by join: the same per-address limit, so the table screen is no faster
  // oracle for guessing live codes than the join form.
  // Room codes use an unambiguous alphabet; anything else is refused before a database read.
  const schema = {
    summary: 'Table screen: the public view of a game by room code (counts only, no secrets)',
    tags: ['table screen'],
    params: ZTvJoinCodeParams,
    response: { 200: ZTvSnapshot },
  };
  const preValidation = async (req: FastifyRequest) => ctx.doors.hit('joinAddress', req.ip);
  app.withTypeProvider<ZodTypeProvider>().get('/api/tv/:joinCode', { schema, preValidation }, async (req) => {
    const { joinCode } = req.params;
    await ctx.doors.hit('tvCode', joinCode);
    return snapshotOf(ctx, await gameIdFor(ctx, joinCode));
  });

  nsp.use(async (socket, next) => {
    const address = ctx.clientAddress(socket.handshake.address, socket.handshake.headers['x-forwarded-for']);
    try {
      await ctx.doors.hit('joinAddress', address);
      const { joinCode } = parseInput(ZTvJoinCodeParams, socket.handshake.auth);
      await ctx.doors.hit('tvCode', joinCode);
      socket.data.gameId = await gameIdFor(ctx, joinCode);
    } catch {
      return next(new Error('not_found'));
    }
    if (!ctx.sockets.admit(socket, address, undefined)) return next(new Error(SocketRefusal.TOO_MANY_SOCKETS));
    next();
  });
  // Which games a table screen follows, on any instance. The view is built and sent only for those: most games
  // have no table screen, and every send crosses the Redis adapter.
  const watched = new Map<string, number>();
  const markWatched = (gameIds: string[]) => {
    for (const id of gameIds) watched.set(id, Date.now() + WATCH_TTL_MS);
  };
  const isWatched = (gameId: string) => {
    const until = watched.get(gameId);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    watched.delete(gameId);
    return false;
  };
  nsp.on('tv:watch', markWatched);
  const announce = (gameIds: string[]) => {
    if (gameIds.length === 0) return;
    markWatched(gameIds);
    if (ctx.config.REDIS_URL) nsp.serverSideEmit('tv:watch', gameIds);
  };
  const reannounce = setInterval(() => {
    announce([...nsp.adapter.rooms.keys()].filter((r) => r.startsWith(TV_ROOM_PREFIX)).map((r) => r.slice(TV_ROOM_PREFIX.length)));
  }, REANNOUNCE_MS);
  reannounce.unref();
  app.addHook('onClose', async () => clearInterval(reannounce));

  nsp.on('connection', async (socket) => {
    const gameId = socket.data.gameId;
    await socket.join(tvRoom(gameId));
    announce([gameId]);
    try {
      socket.emit('tv:snapshot', await snapshotOf(ctx, gameId));
    } catch {
      socket.emit('tv:ended', { reason: 'deleted' });
      socket.disconnect(true);
    }
  });

  // Follow every push: after the public snapshot goes to the players' room, the table screens get their view.
  const { broadcaster } = ctx;
  const publish = broadcaster.publish.bind(broadcaster);
  const deleted = broadcaster.deleted.bind(broadcaster);
  broadcaster.publish = (before, after, storyline, events) => {
    const privatePushes = publish(before, after, storyline, events);
    if (!isWatched(after.game.id)) return privatePushes;
    nsp.to(tvRoom(after.game.id)).emit('tv:snapshot', { serverTime: Date.now(), view: tvView(publicViewOf(after, storyline), storylineOf(after, storyline)) });
    return privatePushes;
  };
  broadcaster.deleted = (gameId) => {
    deleted(gameId);
    nsp.to(tvRoom(gameId)).emit('tv:ended', { reason: 'deleted' });
    nsp.in(tvRoom(gameId)).disconnectSockets(true);
  };
}
