import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { forbidden } from '../../lib/app-error.js';
import { bearerToken, requireUser } from '../auth/principal.js';
import { findUserById } from '../auth/users.repository.js';

/**
 * 401 without a user token, 403 unless the user is an admin. The role is read from the database, not the token,
 * so `admin:grant` takes effect at once and a revoked admin loses access before the token expires.
 */
export async function requireAdmin(ctx: AppContext, req: FastifyRequest) {
  const principal = await requireUser(ctx.tokens, req);
  const user = await findUserById(ctx.db, principal.userId);
  if (user?.role !== 'admin') throw forbidden('Admin access required');
  return principal;
}

/** The signed-in user of a request that may also come without a token (a bad token counts as none). */
export async function optionalUser(ctx: AppContext, req: FastifyRequest): Promise<{ userId: string } | undefined> {
  if (!bearerToken(req.headers.authorization)) return undefined;
  const claims = await ctx.tokens.verify(bearerToken(req.headers.authorization) ?? '').catch(() => undefined);
  return claims?.kind === 'user' ? { userId: claims.sub } : undefined;
}

/** Whether the user is an admin as the database holds it now. */
export async function isAdmin(ctx: AppContext, userId: string | undefined): Promise<boolean> {
  return !!userId && (await findUserById(ctx.db, userId))?.role === 'admin';
}
