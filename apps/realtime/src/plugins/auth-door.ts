import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { AppContext } from '../context.js';
import { forbidden, unauthorized } from '../lib/app-error.js';
import { bearerToken, principalFromToken, type Principal } from '../modules/auth/principal.js';
import { currentRoles } from '../modules/auth/users.repository.js';

/**
 * What a route needs from its caller, declared in its options (`config: { access }`):
 * - `public`: nothing; a valid token is still read (its principal, with the role the database holds now);
 * - `token`: a host's sign-in token or a player's seat token (401 otherwise; the game checks the rest);
 * - `user`: a host's sign-in token (401 otherwise, a seat token included);
 * - `admin`: a user whose role in the database is admin now (401 without a user token, 403 for any other user).
 *   `seatTokenForbidden`: a seat token is answered 403 like a non-admin user (reads any caller may knock on).
 */
export type Access = 'public' | 'token' | 'user' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** For `admin`: the 403 message (default 'Admin access required'). */
    refusal?: string;
    /** For `admin`: a seat token is a 403 rather than a 401. */
    seatTokenForbidden?: boolean;
  }
  interface FastifyRequest {
    /** The caller as the auth door resolved it (null: no token, on a public route). */
    principal: Principal | null;
  }
}

/** A user token whose user the database no longer has. */
export const UNKNOWN_USER_MESSAGE = 'Authentication required';

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
  if (access === 'token') return p;
  const config = req.routeOptions.config;
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
  app.addHook('onRoute', (route: RouteOptions) => {
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (!access && MUST_DECLARE.some((p) => route.url.startsWith(p))) throw new Error(`${route.url}: declare its access (config.access)`);
  });
  app.addHook('preValidation', async (req) => {
    const access = req.routeOptions.config?.access;
    if (access) req.principal = await resolve(ctx, req, access);
  });
}
