import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import { ZGameParams } from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { parseInput } from '../../lib/validate.js';
import type { Principal } from '../auth/principal.js';
import { principalOf } from '../../plugins/auth-door.js';
import { actorIn } from '../games/games.service.js';
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

/** The longest a long poll is held; below common proxy and browser idle timeouts (nginx 60 s). */
export const LONG_POLL_MAX_SECONDS = 25;

/**
 * Bumped whenever the shape of a polled view changes without a room version change (a deploy), so tags issued by
 * the previous build never match a body of the new one.
 */
const VIEW_EPOCH = '1';

export const ZPollQuery = z.object({
  waitForVersion: z.coerce.number().int().min(0).optional(),
  waitSeconds: z.coerce.number().int().min(1).max(LONG_POLL_MAX_SECONDS).optional(),
});

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
async function tagFor(ctx: AppContext, route: string, principal: Principal, gameId: string): Promise<{ tag: string; version: number }> {
  const { room } = await actorIn(ctx, principal, gameId); // also the access check: 401/403/404/410 as the handler
  const parts = [VIEW_EPOCH, route, viewerKey(principal), String(room.version)];
  if (route === '/api/games/:id/players') parts.push((await onlinePlayerIds(ctx, gameId)).sort().join(','));
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
    const existing = route.preHandler ? (Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]) : [];
    const conditional = async (req: FastifyRequest, reply: FastifyReply) => {
      const { id } = parseInput(ZGameParams, req.params);
      // The route's own access (a token) was checked by the auth door, whose hook runs before this one.
      const principal = principalOf(req);
      const poll = path === '/api/games/:id' ? parseInput(ZPollQuery, req.query) : {};
      if (poll.waitForVersion !== undefined) {
        const after = poll.waitForVersion;
        const gone = new AbortController();
        reply.raw.once('close', () => gone.abort()); // the client gave up: drop the wait
        // Registered before the read so a change between the two is not missed.
        const wait = versions.waitPast(id, after, (poll.waitSeconds ?? LONG_POLL_MAX_SECONDS) * 1000, gone.signal);
        let current = await tagFor(ctx, path, principal, id).catch((err: unknown) => {
          gone.abort();
          throw err;
        });
        if (current.version > after) gone.abort();
        else if (await wait) current = await tagFor(ctx, path, principal, id);
        else return notModified(reply, current.tag);
        reply.header('etag', current.tag).header('cache-control', 'private, no-cache');
        return; // the handler answers with the room as it is now
      }
      const { tag } = await tagFor(ctx, path, principal, id);
      if (matchesTag(req.headers['if-none-match'], tag)) return notModified(reply, tag);
      reply.header('etag', tag).header('cache-control', 'private, no-cache');
    };
    route.preHandler = [...existing, conditional];
  });
}
