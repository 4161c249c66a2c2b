import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import { findUnsafeText, MAX_SOCKET_MESSAGE_BYTES, type ClientToServerEvents, type ServerToClientEvents, type TAck } from '@ss/protocol';
import { UNSAFE_TEXT_MESSAGE } from './input-hygiene.js';
import { UNAVAILABLE_MESSAGE } from '../lib/redis-client.js';
import type { IncomingMessage } from 'node:http';
import type { Config } from '../env.js';
import { clientAddressResolver } from '../lib/client-address.js';
import { createBoundedCache } from '../lib/bounded-cache.js';
import { closeRedisClient, createRedisClient } from '../lib/redis-client.js';
import type { SocketData } from '../modules/game-runtime/socket-data.js';

export type IO = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** Socket.IO on Fastify's HTTP server; Redis Streams adapter when REDIS_URL is set (supports state recovery). */
export async function attachSocketServer(app: FastifyInstance, config: Config): Promise<IO> {
  const flooding = handshakeFlood(config);
  const io: IO = new Server(app.server, {
    maxHttpBufferSize: MAX_SOCKET_MESSAGE_BYTES,
    // No connection-state recovery: every phone asks for what it missed on each connect (game:join answers the
    // snapshot, game:sync the patch since its version), so a replay buffer of packets would only cost a stream
    // write per broadcast.
    pingInterval: 20_000,
    pingTimeout: 20_000,
    allowRequest: (req, cb) => {
      if (flooding(req)) return cb('too many connections', false);
      const origin = req.headers.origin;
      if (!origin) return cb(null, true); // native clients (and tests) send no Origin
      if (config.PUBLIC_URL) return cb(null, new URL(config.PUBLIC_URL).origin === origin ? true : false);
      // Without PUBLIC_URL only same-host pages may connect.
      const host = req.headers.host;
      try {
        cb(null, new URL(origin).host === host);
      } catch {
        cb(null, false);
      }
    },
  });
  if (config.REDIS_URL) {
    const { createAdapter } = await import('@socket.io/redis-streams-adapter');
    const client = createRedisClient(config.REDIS_URL, 'socket adapter');
    const streams = createAdapter(client, { streamName: `${config.CLUSTER_NAME}:socket.io` });
    const alone = localWhileAlone(io);
    io.adapter(function (nsp: Parameters<typeof streams>[0]) {
      return alone.wrap(streams(nsp));
    } as unknown as typeof streams);
    alone.start();
    app.addHook('onClose', async () => {
      // Stop the adapters' heartbeats and stream polling first, or they write to a closed connection. Every
      // namespace (the table screen's too) holds one; the shared stream poll stops only when all are closed.
      alone.stop();
      for (const nsp of io._nsps.values()) await nsp.adapter.close();
      await closeRedisClient(client);
    });
  }
  guardSocketCommands(app, io);
  slimHandshakeRequests(io);
  return io;
}

/**
 * Engine.IO keeps the HTTP request that opened each connection (the whole IncomingMessage: its stream state, raw
 * headers, socket references) for as long as the phone stays connected. A namespace's handshake reads only its
 * headers, address, URL, query and whether it came over TLS, so the connection keeps just those.
 */
function slimHandshakeRequests(io: IO): void {
  io.engine.on('connection', (conn: { request: IncomingMessage & { _query?: unknown } }) => {
    const req = conn.request;
    conn.request = { headers: req.headers, url: req.url, _query: req._query, connection: { encrypted: (req.socket as { encrypted?: boolean }).encrypted === true } } as unknown as typeof req;
  });
}

/**
 * An address far over its handshake budget (twice SOCKET_HANDSHAKES_PER_MINUTE, counted by this instance) is
 * refused before the WebSocket upgrade, the cheapest point: a flood then costs a few bytes per attempt. Below that
 * the handshake goes on to the socket door, which answers a phone with the SocketRefusal code it acts on.
 */
function handshakeFlood(config: Config): (req: IncomingMessage) => boolean {
  const addressOf = clientAddressResolver(config.TRUST_PROXY);
  const windows = createBoundedCache<string, { count: number; endsAt: number }>(50_000);
  const limit = config.SOCKET_HANDSHAKES_PER_MINUTE * 2;
  return (req) => {
    const address = addressOf(req.socket.remoteAddress ?? '', req.headers['x-forwarded-for']);
    const now = Date.now();
    let w = windows.get(address);
    if (!w || w.endsAt <= now) w = { count: 0, endsAt: now + 60_000 };
    w.count += 1;
    windows.set(address, w);
    return w.count > limit;
  };
}

type BroadcastOpts = { rooms: Set<string>; except?: Set<string>; flags?: Record<string, unknown> };
type Broadcasting = { broadcast(packet: unknown, opts: BroadcastOpts): unknown; serverCount(): Promise<number>; serverSideEmit(packet: unknown[]): Promise<unknown> };
type ClusterEvents = { 'cluster:hello': () => void; 'cluster:here': () => void };

/** How often an instance asks Redis how many instances share the stream; how long a hello counts as company. */
const CENSUS_MS = 2_000;
const HELLO_HOLDS_MS = 10_000;

/**
 * A broadcast, or a server-side emit without an ack, goes through the Redis stream only while another instance
 * shares it: one instance alone serves its phones without a stream write (and its own read-back) per push. Who
 * shares the stream is Redis's count of the adapters subscribed to it, asked every 2 s; an instance that starts
 * says hello through the stream at once and the others answer, so both sides publish from the newcomer's first
 * phone on. Until the first count, broadcasts are published.
 */
function localWhileAlone(io: IO) {
  let company = true;
  let heardAt = 0;
  const cluster = io as unknown as Server<ClusterEvents, ClusterEvents, ClusterEvents>;
  const census = async () => {
    const count = await (io.of('/').adapter as unknown as Broadcasting).serverCount().catch(() => 2);
    company = count > 1 || Date.now() - heardAt < HELLO_HOLDS_MS;
  };
  const heard = () => {
    heardAt = Date.now();
    company = true;
  };
  // A newcomer is answered at once, so it too publishes from its first phone on (its own subscription may not be
  // counted yet by its first census).
  // Not once closing: the adapter publishes a server-side emit without awaiting it, so one sent while Redis closes
  // would be an unhandled rejection.
  let stopped = false;
  cluster.on('cluster:hello', () => {
    heard();
    if (!stopped) cluster.serverSideEmit('cluster:here');
  });
  cluster.on('cluster:here', heard);
  const timer = setInterval(() => void census(), CENSUS_MS);
  timer.unref();
  return {
    start() {
      cluster.serverSideEmit('cluster:hello');
      void census();
    },
    stop() {
      stopped = true;
      clearInterval(timer);
    },
    wrap<A extends object>(adapter: A): A {
      const a = adapter as A & Broadcasting;
      const broadcast = a.broadcast.bind(a);
      a.broadcast = (packet, opts) => broadcast(packet, company ? opts : { ...opts, flags: { ...opts.flags, local: true } });
      // Nobody else would hear it (an emit with an ack still goes: the adapter answers it with no responses).
      const serverSideEmit = a.serverSideEmit.bind(a);
      // Nothing once closing: the adapter sends its Redis notification without awaiting it, so an emit after the
      // connection starts to close (a late poll or presence message during shutdown) is an unhandled rejection.
      a.serverSideEmit = (packet) =>
        !stopped && (company || typeof packet.at(-1) === 'function') ? serverSideEmit(packet) : Promise.resolve();
      return adapter;
    },
  };
}

const DRAIN_TIMEOUT_MS = 5_000;

/**
 * Every socket event passes here first: a payload with a NUL byte or a lone surrogate is refused (400) like on
 * HTTP, and commands that arrive while the server shuts down are refused (503) so the client retries elsewhere.
 *
 * Shutting down (preClose): commands already running finish and are acknowledged, then the engine transports are
 * closed without Socket.IO's "server disconnect" packet. Clients see a dropped transport, which socket.io-client
 * answers by reconnecting (to another instance, or to this one once restarted) and the app by resyncing; a
 * "server disconnect" would tell them to stop trying.
 */
function guardSocketCommands(app: FastifyInstance, io: IO): void {
  let running = 0;
  let draining = false;
  let drained: (() => void) | null = null;
  const refuse = (ack: unknown, status: number, error: string, message: string) => {
    if (typeof ack === 'function') (ack as (r: TAck<never>) => void)({ ok: false, error: { error, message, status } });
  };
  // One middleware shared by every socket.
  const guard = (packet: unknown[], next: (err?: Error) => void) => {
    const last = packet[packet.length - 1];
    const ack = typeof last === 'function' ? (last as (...a: unknown[]) => void) : undefined;
    const args = ack ? packet.slice(1, -1) : packet.slice(1);
    if (findUnsafeText(args) !== null || findUnsafeText(packet[0]) !== null) return refuse(ack, 400, 'BAD_REQUEST', UNSAFE_TEXT_MESSAGE);
    if (draining) return refuse(ack, 503, 'UNAVAILABLE', UNAVAILABLE_MESSAGE);
    if (ack) {
      running += 1;
      packet[packet.length - 1] = (...a: unknown[]) => {
        running -= 1;
        ack(...a);
        if (running === 0) drained?.();
      };
    }
    next();
  };
  io.on('connection', (socket) => void socket.use(guard));
  app.addHook('preClose', async () => {
    draining = true;
    if (running > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, DRAIN_TIMEOUT_MS);
        drained = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    io.engine.close();
  });
}
