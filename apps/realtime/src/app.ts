import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { COMMAND_TABLE, ZApiError, ZFileBytes, ZHealth, ZHealthQuery, ZMediaParams, type CommandTable } from '@ss/protocol';
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
import { createBroadcaster } from './modules/game-runtime/broadcaster.js';
import { registerFeatures } from './features.js';
import { closeRedisClient, createRedisClient, FAIL_FAST } from './lib/redis-client.js';
import { createRateLimiter } from './lib/rate-limiter.js';
import { createDoors } from './lib/doors.js';
import { registerSharedReplies } from './plugins/shared-replies.js';
import { registerInputHygiene } from './plugins/input-hygiene.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { loadMediaLibrary, MEDIA_PREFIX } from './modules/storylines/media.js';
import { findUserById } from './modules/auth/users.repository.js';
import { registerAuthDoor } from './plugins/auth-door.js';
import { createRoomVersions } from './modules/polling/room-versions.js';
import { registerConditionalGets } from './modules/polling/conditional-get.js';
import { createMetrics, metricsRoutes } from './modules/observability/metrics.js';
import { healthRoutes } from './modules/observability/health.routes.js';
import { apiDocsRoutes } from './modules/api-docs/api-docs.routes.js';
import { collectRouteDocs } from './modules/api-docs/route-docs.js';
import { registerRouteSchemas } from './plugins/route-schemas.js';
import { queryTrace, type RequestWork } from './lib/query-trace.js';
import { clientAddressResolver } from './lib/client-address.js';
import { createSocketBudget } from './modules/game-runtime/socket-budget.js';
import { createMailer } from './modules/reports/mailer.js';
import { webStaticOptions } from './plugins/web-static.js';
import { registerJoinPage } from './plugins/join-page.js';

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Every route (method and URL pattern) as registered: the security suite checks each one has an expectation. */
  routes: { method: string; url: string }[];
}

/** Trust the nearest `hops` proxies: the client is the address that many entries back in X-Forwarded-For. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Builds the whole server without listening, so tests can `inject` or listen on an ephemeral port. */
export interface BuildOptions {
  /** The game commands served (default: the protocol's COMMAND_TABLE). */
  commandTable?: CommandTable;
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    genReqId: (req) => (typeof req.headers['x-request-id'] === 'string' ? req.headers['x-request-id'] : randomUUID()),
    bodyLimit: 64 * 1024,
    // Off by default: X-Forwarded-For is the client's to write, so it only counts when it comes from a known proxy.
    trustProxy: typeof config.TRUST_PROXY === 'number' ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    forceCloseConnections: 'idle',
  });
  const routes: BuiltApp['routes'] = [];
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) if (method !== 'HEAD') routes.push({ method, url: r.url });
  });
  const hasWeb = existsSync(path.join(config.webDistDir, 'index.html'));
  registerErrorHandler(app, hasWeb ? { dir: config.webDistDir } : undefined);
  registerRouteSchemas(app);
  registerInputHygiene(app);
  registerSharedReplies(app);
  await registerSecurityHeaders(app, config);

  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  app.addHook('onClose', async () => database.close());
  await migrateToLatest(database.db);

  const contents = await loadStorylineContent(config.contentDir);
  await seedStorylines(database.db, contents);
  const media = await loadMediaLibrary(config.contentDir);

  const live = config.REDIS_URL ? createRedisLiveStore(config.REDIS_URL) : createMemoryLiveStore();
  app.addHook('onClose', async () => live.close());

  const io = await attachSocketServer(app, config);
  // With Redis the limits are shared by every instance of the cluster; without it (or while it is down) each
  // instance counts on its own.
  const rateRedis = config.REDIS_URL ? createRedisClient(config.REDIS_URL, 'rate limits', FAIL_FAST) : undefined;
  if (rateRedis) app.addHook('onClose', async () => closeRedisClient(rateRedis));
  let lastFallbackLog = 0;
  const limiter = createRateLimiter({
    redis: rateRedis,
    prefix: `${config.CLUSTER_NAME}-rl:`,
    onFallback: (err) => {
      if (Date.now() - lastFallbackLog < 10_000) return;
      lastFallbackLog = Date.now();
      app.log.warn({ err }, 'rate limits: Redis unavailable, counting locally');
    },
  });
  const mailer = createMailer(config);
  app.addHook('onClose', async () => mailer.close());
  const roomVersions = createRoomVersions(io, !!config.REDIS_URL);
  const metrics = createMetrics(io, roomVersions);
  const ctx: AppContext = {
    config,
    db: database.db,
    dbKind: database.kind,
    live,
    tokens: createTokenService(config.JWT_SECRET, async (id) => (await findUserById(database.db, id))?.role),
    catalog: createStorylineCatalog(database.db, contents, media),
    broadcaster: metrics.observe(roomVersions.observe(createBroadcaster(io))),
    log: app.log,
    doors: createDoors(config, limiter),
    sockets: createSocketBudget({ perToken: config.SOCKETS_PER_TOKEN, perAddress: config.SOCKETS_PER_ADDRESS }),
    clientAddress: clientAddressResolver(config.TRUST_PROXY),
    mailer,
    commands: opts.commandTable ?? COMMAND_TABLE,
  };

  // Root-level hooks (ETag/long poll on the polled reads, command metrics) must exist before the routes.
  const routeDocs = collectRouteDocs(app);
  registerAuthDoor(app, ctx);
  traceRequestWork(app);
  registerConditionalGets(app, ctx, roomVersions);
  await metricsRoutes(app, ctx, metrics);

  const api = app.withTypeProvider<ZodTypeProvider>();
  const healthDoc = { summary: 'Health; with an admin token also the instance and its memory figures (benchmarks)', tags: ['operations'] };
  api.get('/api/health', { config: { access: 'public' }, schema: { ...healthDoc, querystring: ZHealthQuery, response: { 200: ZHealth, 503: ZHealth } } }, async (req, reply) => {
    const checks = await Promise.allSettled([ctx.db.selectFrom('users').select('id').limit(1).execute(), ctx.live.ping()]);
    const ok = checks.every((c) => c.status === 'fulfilled');
    const body: z.output<typeof ZHealth> = {
      status: ok ? 'ok' : 'unavailable',
      database: checks[0]?.status === 'fulfilled' ? ctx.dbKind : 'down',
      live: checks[1]?.status === 'fulfilled' ? ctx.live.kind : 'down',
    };
    // Which instance answered and its memory help an operator and an attacker alike: admins only.
    if (!(req.principal?.kind === 'user' && req.principal.role === 'admin')) return reply.status(ok ? 200 : 503).send(body);
    // Only a process started with --expose-gc (the benchmark) can be asked to collect before measuring.
    const gc = (globalThis as { gc?: () => void }).gc;
    if (req.query.gc === '1' && gc) gc();
    const mem = process.memoryUsage();
    return reply.status(ok ? 200 : 503).send({
      ...body,
      instance: config.INSTANCE_ID,
      memory: { rss: mem.rss, heapUsed: mem.heapUsed, external: mem.external },
    });
  });

  // Content images by content hash only (see media.ts); the hash is the name, so the answer never changes.
  const mediaDoc = {
    summary: 'A storyline image by content hash (handed out only in authorised responses; covers and public portraits are public)',
    tags: ['media'],
    params: ZMediaParams,
    response: { 200: { description: 'The image', content: { 'image/*': { schema: ZFileBytes } } }, 404: ZApiError },
  };
  api.get(`${MEDIA_PREFIX}:name`, { schema: mediaDoc }, async (req, reply) => {
    const { name } = req.params;
    const file = media.fileFor(name);
    if (!file) return reply.status(404).send({ error: 'NOT_FOUND', message: 'No such media' });
    return reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .sendFile(path.basename(file), path.dirname(file));
  });

  await app.register(async (scope) => healthRoutes(scope, ctx));
  await app.register(async (scope) => apiDocsRoutes(scope, ctx, routeDocs));
  await app.register(async (scope) => authRoutes(scope, ctx));
  await app.register(async (scope) => storylineRoutes(scope, ctx));
  await registerFeatures(app, ctx, io);

  // sendFile for /media; serves nothing by itself (no root is exposed under a prefix).
  await app.register(fastifyStatic, { root: config.contentDir, serve: false });

  if (hasWeb) {
    registerJoinPage(app, config.webDistDir);
    await app.register(fastifyStatic, webStaticOptions(config.webDistDir));
  }
  return { app, ctx, routes };
}

/** Hands each request's statements to the query trace while something listens (see lib/query-trace.ts). */
function traceRequestWork(app: FastifyInstance): void {
  const works = new WeakMap<object, RequestWork>();
  app.addHook('onRequest', (req, _reply, done) => {
    if (!queryTrace.listening) return done();
    works.set(req, queryTrace.begin(req.method, req.url, done));
  });
  app.addHook('onResponse', (req, _reply, done) => {
    const work = works.get(req);
    if (work) queryTrace.finish(work);
    done();
  });
}
