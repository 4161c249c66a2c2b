import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import type { Config } from './env.js';
import type { AppContext } from './context.js';
import { openDatabase, migrateToLatest } from './db/database.js';
import { createMemoryLiveStore } from './live/memory-live-store.js';
import { createRedisLiveStore } from './live/redis-live-store.js';
import { registerErrorHandler } from './plugins/errors.js';
import { createTokenService } from './modules/auth/tokens.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { loadStorylineContent } from './modules/storylines/content-loader.js';
import { createStorylineCatalog, seedStorylines } from './modules/storylines/storyline-catalog.js';
import { storylineRoutes } from './modules/storylines/storylines.routes.js';
import { attachSocketServer } from './plugins/socket.js';
import { createBroadcaster } from './modules/games/broadcaster.js';
import { registerFeatures } from './features.js';
import { createRedisClient } from './lib/redis-client.js';

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
}

/** Builds the whole server without listening, so tests can `inject` or listen on an ephemeral port. */
export async function buildApp(config: Config): Promise<BuiltApp> {
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    genReqId: (req) => (typeof req.headers['x-request-id'] === 'string' ? req.headers['x-request-id'] : randomUUID()),
    bodyLimit: 64 * 1024,
    trustProxy: true,
    forceCloseConnections: 'idle',
  });
  const hasWeb = existsSync(path.join(config.webDistDir, 'index.html'));
  registerErrorHandler(app, hasWeb ? { dir: config.webDistDir } : undefined);

  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  app.addHook('onClose', async () => database.close());
  await migrateToLatest(database.db);

  const contents = await loadStorylineContent(config.contentDir);
  await seedStorylines(database.db, contents);

  const live = config.REDIS_URL ? createRedisLiveStore(config.REDIS_URL) : createMemoryLiveStore();
  app.addHook('onClose', async () => live.close());

  const io = await attachSocketServer(app, config);
  const ctx: AppContext = {
    config,
    db: database.db,
    dbKind: database.kind,
    live,
    tokens: createTokenService(config.JWT_SECRET),
    catalog: createStorylineCatalog(database.db, contents),
    broadcaster: createBroadcaster(io),
    log: app.log,
    authRateLimit: { max: config.AUTH_RATE_LIMIT, timeWindow: '1 minute' },
  };

  // With Redis the limits are shared by every instance of the cluster.
  const rateRedis = config.REDIS_URL ? createRedisClient(config.REDIS_URL, 'rate limits', { maxRetriesPerRequest: 1 }) : null;
  if (rateRedis) app.addHook('onClose', async () => void (await rateRedis.quit().catch(() => rateRedis.disconnect())));
  await app.register(rateLimit, {
    global: false,
    ...(rateRedis ? { redis: rateRedis, nameSpace: `${config.CLUSTER_NAME}-rl-` } : {}),
  });

  app.get<{ Querystring: { gc?: string } }>('/api/health', async (req, reply) => {
    // Only a process started with --expose-gc (the benchmark) can be asked to collect before measuring.
    const gc = (globalThis as { gc?: () => void }).gc;
    if (req.query.gc === '1' && gc) gc();
    const mem = process.memoryUsage();
    const checks = await Promise.allSettled([ctx.db.selectFrom('users').select('id').limit(1).execute(), ctx.live.ping()]);
    const ok = checks.every((c) => c.status === 'fulfilled');
    return reply.status(ok ? 200 : 503).send({
      status: ok ? 'ok' : 'unavailable',
      database: checks[0]?.status === 'fulfilled' ? ctx.dbKind : 'down',
      live: checks[1]?.status === 'fulfilled' ? ctx.live.kind : 'down',
      instance: config.INSTANCE_ID,
      memory: { rss: mem.rss, heapUsed: mem.heapUsed, external: mem.external },
    });
  });

  await app.register(async (scope) => authRoutes(scope, ctx));
  await app.register(async (scope) => storylineRoutes(scope, ctx));
  await registerFeatures(app, ctx, io);

  await app.register(fastifyStatic, {
    root: config.contentDir,
    prefix: '/content/',
    decorateReply: false,
    maxAge: '365d',
    immutable: true,
    allowedPath: (p) => !p.endsWith('.json') && !p.includes('/tools/'),
  });

  if (hasWeb) {
    // wildcard: files are looked up per request, so a rebuilt dist is served without a restart.
    await app.register(fastifyStatic, { root: config.webDistDir, prefix: '/', wildcard: true, index: ['index.html'] });
  }
  return { app, ctx };
}
