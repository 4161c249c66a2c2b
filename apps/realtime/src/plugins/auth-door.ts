import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { isDriver, ZGameParams, type TGameState, type TLivePlayer } from '@ss/protocol';
import type { AppContext } from '../context.js';
import { forbidden, unauthorized } from '../lib/app-error.js';
import { parseInput } from '../lib/validate.js';
import { bearerToken, principalFromToken, UNKNOWN_USER_MESSAGE, type Principal } from '../modules/auth/principal.js';
import { currentRoles } from '../modules/auth/users.repository.js';
import { engineActorOf, resolveActor, type Actor } from '../modules/game-runtime/access.js';
import { readRoom } from '../modules/game-runtime/command.js';

/**
 * What a route needs from its caller, declared in its options (`config: { access }`):
 * - `public`: nothing; a valid token is still read (its principal, with the role the database holds now);
 * - `token`: a host's sign-in token or a player's seat token (401 otherwise; the game checks the rest);
 * - `user`: a host's sign-in token (401 otherwise, a seat token included);
 * - `admin`: a user whose role in the database is admin now (401 without a user token, 403 for any other user).
 *   `seatTokenForbidden`: a seat token is answered 403 like a non-admin user (reads any caller may knock on).
 * Routes of one game (`/api/games/:id/...`) declare what the caller must be in that game; the door reads the game
 * once (404 unknown, 410 deleted), resolves the caller in it (403 a token of another game or another host's,
 * 401 a seat token of an older generation) and sets `req.game`:
 * - `game-member`: anyone the game knows: its host, a current seat, or an admin;
 * - `game-seat`: a seat of the game (the host's own seat included); 403 'Player not found in game' otherwise;
 * - `game-host`: the game's host or an admin; 403 (`refusal`, default 'Only the host can do this') otherwise;
 * - `game-driver`: whoever drives the game now (the host, the co-host, the acting host; the engine's `isDriver`);
 * - `game-command`: a route of the command table: any token here; who may send the command is the engine
 *   command's `who`, checked by the engine on the state the command is decided on (a read here could be stale,
 *   and would cost a live-store round trip on every ballot).
 */
export type GameAccess = 'game-member' | 'game-seat' | 'game-host' | 'game-driver' | 'game-command';
export type Access = 'public' | 'token' | 'user' | 'admin' | GameAccess;

/** A caller resolved in one game: the game's state as read for this request, and who the caller is in it. */
export interface InGame {
  room: TGameState;
  actor: Actor;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** For `admin` and the `game-*` levels: the 403 message. */
    refusal?: string;
    /** For `admin`: a seat token is a 403 rather than a 401. */
    seatTokenForbidden?: boolean;
  }
  interface FastifyRequest {
    /** The caller as the auth door resolved it (null: no token, on a public route). */
    principal: Principal | null;
    /** On a route of one game: the game and who the caller is in it (null on every other route). */
    game: InGame | null;
  }
}

/**
 * The admin right as the database holds it now, not as the token said when it was signed, so `admin:grant
 * --revoke` takes effect at once. The one place a request's role is read from the database.
 */
export async function withCurrentRole<P extends Principal>(ctx: AppContext, principal: P): Promise<P> {
  if (principal.kind !== 'user') return principal;
  const role = (await currentRoles(ctx.db, [principal.userId])).get(principal.userId);
  if (!role) throw unauthorized(UNKNOWN_USER_MESSAGE);
  return { ...principal, role };
}

/**
 * The one place a caller is resolved in a game (REST routes through the door, sockets for the game they follow):
 * the game as the live store holds it, the caller with the role the database holds now, then the level asked.
 */
export async function gameDoor(ctx: AppContext, caller: Principal, gameId: string, access: Exclude<GameAccess, 'game-command'> = 'game-member', refusal?: string): Promise<InGame> {
  const [room, principal] = await Promise.all([readRoom(ctx, gameId), withCurrentRole(ctx, caller)]);
  const actor = resolveActor(room, principal);
  if (access === 'game-seat' && !actor.player) throw forbidden(refusal ?? 'Player not found in game');
  if (access === 'game-host' && !actor.isHost && !actor.isAdmin) throw forbidden(refusal ?? 'Only the host can do this');
  if (access === 'game-driver' && !isDriver(room, engineActorOf(actor))) throw forbidden(refusal ?? 'Only the host can do this');
  return { room, actor };
}

/** The game and the caller in it, on a route whose access is one of the `game-*` levels (bar `game-command`). */
export function gameOf(req: FastifyRequest): InGame {
  if (!req.game) throw new Error(`${req.routeOptions.url}: declare a game access (config.access) to read the game`);
  return req.game;
}

/** A caller admitted as a seat of the game: the game, and the caller's own seat. */
export type InSeat = InGame & { player: TLivePlayer };

/** The game and the caller's own seat in it, on a route whose access is `game-seat`. */
export function seatOf(req: FastifyRequest): InSeat {
  const game = gameOf(req);
  if (!game.actor.player) throw forbidden('Player not found in game');
  return { ...game, player: game.actor.player };
}

/** The principal of a route whose access is `token`, `user` or `admin` (the door has refused every other caller). */
export function principalOf(req: FastifyRequest): Principal {
  if (!req.principal) throw unauthorized('Authentication required');
  return req.principal;
}

/** The user of a route whose access is `user` or `admin`. */
export function userOf(req: FastifyRequest): Extract<Principal, { kind: 'user' }> {
  const p = principalOf(req);
  if (p.kind !== 'user') throw unauthorized('Sign in as a host to do this');
  return p;
}

/** Routes under these prefixes must declare their access (an admin route without the door would be open). */
const MUST_DECLARE = ['/api/admin/'];

async function resolve(ctx: AppContext, req: FastifyRequest, access: Access): Promise<Principal | null> {
  const token = bearerToken(req.headers.authorization);
  if (access === 'public') {
    if (!token) return null;
    const p = await principalFromToken(ctx.tokens, token).catch(() => null);
    return p ? withCurrentRole(ctx, p).catch(() => null) : null;
  }
  const p = await principalFromToken(ctx.tokens, token);
  if (access === 'token' || access === 'game-command') return p;
  const config = req.routeOptions.config;
  if (access.startsWith('game-')) {
    const { id } = parseInput(ZGameParams, req.params);
    req.game = await gameDoor(ctx, p, id, access as Exclude<GameAccess, 'game-command'>, config.refusal);
    return req.game.actor.principal;
  }
  if (p.kind !== 'user') {
    if (access === 'admin' && config.seatTokenForbidden) throw forbidden(config.refusal ?? 'Admin access required');
    throw unauthorized('Sign in as a host to do this');
  }
  if (access === 'user') return withCurrentRole(ctx, p);
  const user = await withCurrentRole(ctx, p).catch(() => null);
  if (user?.role !== 'admin') throw forbidden(config.refusal ?? 'Admin access required');
  return user;
}

/**
 * The auth door: each route's declared access is checked before its input is validated (a caller without the
 * right token gets 401/403, never a 400 that tells the route's rules) and before its handler, which reads
 * `req.principal`.
 */
export function registerAuthDoor(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('principal', null);
  app.decorateRequest('game', null);
  app.addHook('onRoute', (route: RouteOptions) => {
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (!access && MUST_DECLARE.some((p) => route.url.startsWith(p))) throw new Error(`${route.url}: declare its access (config.access)`);
  });
  app.addHook('preValidation', async (req) => {
    const access = req.routeOptions.config?.access;
    if (access) req.principal = await resolve(ctx, req, access);
  });
}
