import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { forbidden } from '../../lib/app-error.js';
import { requireUser } from '../auth/principal.js';
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
