import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { LONG_POLL_MAX_SECONDS, type ZPollQuery } from '@ss/protocol';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Principal } from '../auth/principal.js';
import { gameDoor, gameOf, type InGame } from '../../plugins/auth-door.js';
import { onlinePlayerIds } from '../game-runtime/presence.js';
import type { RoomVersions } from './room-versions.js';

/** The reads the old polling clients repeat every few seconds; each answers with an ETag and honours If-None-Match. */
export const POLLED_ROUTES = [
  '/api/games/:id',
  '/api/games/:id/players',
  '/api/games/:id/my-character',
  '/api/games/:id/voting-results',
  '/api/games/:id/final-results',
] as const;

/**
 * Bumped whenever the shape of a polled view changes without a room version change (a deploy), so tags issued by
 * the previous build never match a body of the new one.
 */
const VIEW_EPOCH = '1';

const viewerKey = (p: Principal) =>
  p.kind === 'user' ? `u:${p.userId}:${p.role}` : `p:${p.playerId}:${p.sessionVersion}`;

/** Does an If-None-Match header name this tag (a list, weak or strong, or `*`)? */
export function matchesTag(header: string | string[] | undefined, tag: string): boolean {
  if (!header) return false;
  const bare = tag.replace(/^W\//, '');
  return (Array.isArray(header) ? header.join(',') : header)
    .split(',')
    .map((t) => t.trim())
    .some((t) => t === '*' || t.replace(/^W\//, '') === bare);
}

/**
 * Every polled view is a pure function of the room version, the caller (who sees their own secrets; the
 * detective and admins see more) and, for the player list, who is online (presence is not versioned). The tag is
 * computed before the handler builds the body, so the body is never older than the tag: a race costs at worst
 * one extra 200, never a stale 304.
 */
async function tagFor(ctx: AppContext, route: string, { room, actor }: InGame): Promise<{ tag: string; version: number }> {
  const parts = [VIEW_EPOCH, route, viewerKey(actor.principal), String(room.version)];
  if (route === '/api/games/:id/players') parts.push((await onlinePlayerIds(ctx, room.game.id)).sort().join(','));
  const digest = createHash('sha1').update(parts.join('|')).digest('base64url').slice(0, 16);
  return { tag: `W/"${room.version}-${digest}"`, version: room.version };
}

function notModified(reply: FastifyReply, tag: string): FastifyReply {
  return reply.status(304).header('etag', tag).header('cache-control', 'private, no-cache').send();
}

/**
 * Wraps the polled GET routes with a preHandler, leaving the handlers as they are: ETag and 304, and on
 * `GET /api/games/{id}?waitForVersion=N` a long poll that answers as soon as the room passes N (released by a
 * command on any instance) or 304 when the wait runs out. Must be registered before the routes.
 */
export function registerConditionalGets(app: FastifyInstance, ctx: AppContext, versions: RoomVersions): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const path = route.url as (typeof POLLED_ROUTES)[number];
    if (!methods.includes('GET') || !POLLED_ROUTES.includes(path)) return;
    if (!route.schema?.params) throw new Error(`${path}: a polled read declares its params schema`);
    const existing = route.preHandler ? (Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]) : [];
    const conditional = async (req: FastifyRequest, reply: FastifyReply) => {
      // The route's `id` (and on `/api/games/:id` its `ZPollQuery`) was checked by its schema, and the caller
      // admitted by the auth door, which read the game: the tag and the handler's body come from that same read.
      const game = gameOf(req);
      const id = game.room.game.id;
      // Read the game again through the door, as the route's access says (after a wait: the room moved on).
      const reread = async () => {
        const { access, refusal } = req.routeOptions.config;
        req.game = await gameDoor(ctx, game.actor.principal, id, access as 'game-member' | 'game-seat', refusal);
        return tagFor(ctx, path, req.game);
      };
      const poll: z.output<typeof ZPollQuery> = path === '/api/games/:id' ? (req.query as z.output<typeof ZPollQuery>) : {};
      if (poll.waitForVersion !== undefined) {
        const after = poll.waitForVersion;
        const gone = new AbortController();
        reply.raw.once('close', () => gone.abort()); // the client gave up: drop the wait
        // Registered before the read (again) so a change between the two is not missed.
        const wait = versions.waitPast(id, after, (poll.waitSeconds ?? LONG_POLL_MAX_SECONDS) * 1000, gone.signal);
        let current = await reread().catch((err: unknown) => {
          gone.abort();
          throw err;
        });
        if (current.version > after) gone.abort();
        else if (await wait) current = await reread();
        else return notModified(reply, current.tag);
        reply.header('etag', current.tag).header('cache-control', 'private, no-cache');
        return; // the handler answers with the room as it is now
      }
      const { tag } = await tagFor(ctx, path, game);
      if (matchesTag(req.headers['if-none-match'], tag)) return notModified(reply, tag);
      reply.header('etag', tag).header('cache-control', 'private, no-cache');
    };
    route.preHandler = [...existing, conditional];
  });
}
