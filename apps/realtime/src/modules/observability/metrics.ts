import { BlockList, isIP } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppContext } from '../../context.js';
import type { IO } from '../../plugins/socket.js';
import { infraErrors } from '../../lib/error-counters.js';
import { forbidden, unauthorized } from '../../lib/app-error.js';
import { bearerToken } from '../auth/principal.js';
import type { GameBroadcaster } from '../game-runtime/broadcaster.js';
import { gameRoom } from '../game-runtime/broadcaster.js';
import type { RoomVersions } from '../polling/room-versions.js';

export type Outcome = 'ok' | 'refused' | 'error';

/** The server's Prometheus metrics, one registry per app (tests run several apps in one process). */
export interface Metrics {
  readonly registry: Registry;
  command(type: string, outcome: Outcome, seconds: number): void;
  /** Wraps the game broadcaster so every public snapshot and private view pushed is counted. */
  observe(broadcaster: GameBroadcaster): GameBroadcaster;
}

const outcomeOfStatus = (status: number): Outcome => (status >= 500 ? 'error' : status >= 400 ? 'refused' : 'ok');

export function createMetrics(io: IO, versions: RoomVersions): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'ss_', eventLoopMonitoringPrecision: 20 });
  const commands = new Counter({
    name: 'ss_commands_total',
    help: 'Game commands (REST writes and socket events with an acknowledgement) by type and outcome',
    labelNames: ['type', 'outcome'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'ss_command_duration_seconds',
    help: 'Time from receiving a command to answering it (includes the per-game queue and the transaction)',
    labelNames: ['type'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const pushes = new Counter({
    name: 'ss_push_messages_total',
    help: 'Push messages emitted: one public delta per committed change of a room, one private view per seat whose view changed',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'ss_connected_sockets',
    help: 'Socket.IO connections held by this instance',
    registers: [registry],
    collect() {
      this.set(io.engine.clientsCount);
    },
  });
  new Gauge({
    name: 'ss_rooms',
    help: 'Games with at least one socket connected to this instance',
    registers: [registry],
    collect() {
      let n = 0;
      for (const room of io.of('/').adapter.rooms.keys()) if (room.startsWith(gameRoom(''))) n += 1;
      this.set(n);
    },
  });
  new Gauge({
    name: 'ss_long_polls',
    help: 'REST long polls held open by this instance',
    registers: [registry],
    collect() {
      this.set(versions.pending());
    },
  });
  new Counter({
    name: 'ss_infra_errors_total',
    help: 'Errors of the Postgres and Redis clients (failed queries, dropped connections)',
    labelNames: ['service'] as const,
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ service: 'postgres' }, infraErrors.postgres);
      this.inc({ service: 'redis' }, infraErrors.redis);
    },
  });

  // Socket commands are timed from the event to its acknowledgement, by wrapping the ack callback: one middleware
  // shared by every socket.
  const timeCommand = (packet: unknown[], next: (err?: Error) => void) => {
    const [event] = packet;
    const last = packet.length - 1;
    const ack: unknown = packet[last];
    if (last > 0 && typeof ack === 'function') {
      const started = process.hrtime.bigint();
      packet[last] = (res: unknown, ...rest: unknown[]) => {
        const ok = typeof res === 'object' && res !== null && (res as { ok?: unknown }).ok === true;
        const status = (res as { error?: { status?: unknown } } | null)?.error?.status;
        const outcome: Outcome = ok ? 'ok' : typeof status === 'number' ? outcomeOfStatus(status) : 'refused';
        record(`socket ${String(event)}`, outcome, Number(process.hrtime.bigint() - started) / 1e9);
        (ack as (...a: unknown[]) => void)(res, ...rest);
      };
    }
    next();
  };
  io.on('connection', (socket) => void socket.use(timeCommand));

  const record = (type: string, outcome: Outcome, seconds: number) => {
    commands.inc({ type, outcome });
    latency.observe({ type }, seconds);
  };

  return {
    registry,
    command: record,
    observe(broadcaster) {
      const wrapped = Object.create(broadcaster) as GameBroadcaster;
      wrapped.publish = (before, after, storyline, events) => {
        const privatePushes = broadcaster.publish(before, after, storyline, events);
        pushes.inc({ kind: 'delta' });
        pushes.inc({ kind: 'private' }, privatePushes);
        return privatePushes;
      };
      return wrapped;
    },
  };
}

/** Addresses (IPs or CIDR ranges) allowed to scrape without a token. */
export function allowList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const e of entries) {
    const [ip = '', bits] = e.split('/');
    const type = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(ip, type);
    else list.addSubnet(ip, Number(bits), type);
  }
  return list;
}

function peerAllowed(list: BlockList, address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return isIP(v4) === 4 ? list.check(v4, 'ipv4') : list.check(v4, 'ipv6');
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * `GET /metrics` for Prometheus, and the REST side of the command metrics. Scraping is allowed from the
 * configured addresses (the TCP peer, never a forwarded header, so a proxy cannot be talked into it), with the
 * METRICS_TOKEN bearer token, or with an admin's sign-in token.
 */
export async function metricsRoutes(app: FastifyInstance, ctx: AppContext, metrics: Metrics): Promise<void> {
  const allowed = allowList(ctx.config.METRICS_ALLOW);

  // REST writes under /api/games are game commands; reads and other routes are not counted here.
  app.addHook('onResponse', async (req: FastifyRequest, reply: FastifyReply) => {
    const url = req.routeOptions.url;
    if (req.method === 'GET' || !url?.startsWith('/api/games')) return;
    metrics.command(`${req.method} ${url}`, outcomeOfStatus(reply.statusCode), reply.elapsedTime / 1000);
  });

  const doc = {
    summary: 'Prometheus metrics (monitoring addresses, METRICS_TOKEN or an admin token)',
    description: 'From an address in METRICS_ALLOW, with `Bearer <METRICS_TOKEN>`, or with an admin token.',
    tags: ['operations'],
    security: [{}, { bearer: [] }] as Record<string, string[]>[],
    response: { 200: { description: 'Metrics in the Prometheus text format', content: { 'text/plain': { schema: z.string() } } } },
  };
  app.get('/metrics', { config: { access: 'public' }, schema: doc }, async (req, reply) => {
    const token = bearerToken(req.headers.authorization);
    const byToken = !!token && !!ctx.config.METRICS_TOKEN && sameSecret(token, ctx.config.METRICS_TOKEN);
    if (!byToken && !peerAllowed(allowed, req.socket.remoteAddress)) {
      if (!token) throw forbidden('Metrics are only served to the monitoring network or with a token');
      // An admin's sign-in token (its role as the database holds it now, read by the auth door).
      const p = req.principal;
      if (!p) throw unauthorized('Your session has expired or is invalid. Please sign in again.');
      if (p.kind !== 'user') throw unauthorized('Sign in as a host to do this');
      if (p.role !== 'admin') throw forbidden('Admin access required');
    }
    return reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store').send(await metrics.registry.metrics());
  });
}
