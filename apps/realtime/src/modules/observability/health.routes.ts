import type { FastifyInstance } from 'fastify';
import { ZLiveness, ZReadiness } from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { pingDatabase } from '../../db/database.js';

const CHECK_TIMEOUT_MS = 2000;

/** Resolves with the check, or rejects when it takes longer than the load balancer would wait. */
function within<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    p.then(
      (v) => (clearTimeout(t), resolve(v)),
      (e: unknown) => (clearTimeout(t), reject(e instanceof Error ? e : new Error(String(e)))),
    );
  });
}

/**
 * Liveness says the process serves HTTP (restart it if not); readiness says it can do its job right now: the
 * database and the live store both answer. The load balancer and the container health check use readiness, so an
 * instance that lost Postgres or Redis is taken out of rotation without being killed.
 */
export async function healthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Neither probe names the instance: which instance answered helps an attacker aim at one; admins read it from
  // /api/health.
  const tags = ['operations'];
  app.get('/api/health/live', { schema: { summary: 'Liveness: the process serves HTTP', tags, response: { 200: ZLiveness } } }, async () => ({ status: 'ok' }));

  const ready = { summary: 'Readiness: the database and the live store answer (503 otherwise)', tags, response: { 200: ZReadiness, 503: ZReadiness } };
  app.get('/api/health/ready', { schema: ready }, async (_req, reply) => {
    const [database, live] = await Promise.allSettled([
      within(pingDatabase(ctx.db), CHECK_TIMEOUT_MS),
      within(ctx.live.ping(), CHECK_TIMEOUT_MS),
    ]);
    const ok = database.status === 'fulfilled' && live.status === 'fulfilled';
    return reply
      .status(ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({
        status: ok ? 'ready' : 'unavailable',
        database: database.status === 'fulfilled' ? ctx.dbKind : 'down',
        live: live.status === 'fulfilled' ? ctx.live.kind : 'down',
      });
  });
}
