import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import { findUnsafeText, MAX_SOCKET_MESSAGE_BYTES, type ClientToServerEvents, type ServerToClientEvents, type TAck } from '@ss/protocol';
import { UNSAFE_TEXT_MESSAGE } from './input-hygiene.js';
import { UNAVAILABLE_MESSAGE } from '../lib/redis-client.js';
import type { Config } from '../env.js';
import { createRedisClient } from '../lib/redis-client.js';
import type { SocketData } from '../modules/games/socket-data.js';

export type IO = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** Socket.IO on Fastify's HTTP server; Redis Streams adapter when REDIS_URL is set (supports state recovery). */
export async function attachSocketServer(app: FastifyInstance, config: Config): Promise<IO> {
  const io: IO = new Server(app.server, {
    maxHttpBufferSize: MAX_SOCKET_MESSAGE_BYTES,
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000, skipMiddlewares: false },
    pingInterval: 20_000,
    pingTimeout: 20_000,
    allowRequest: (req, cb) => {
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
    io.adapter(createAdapter(client, { streamName: `${config.CLUSTER_NAME}:socket.io` }));
    app.addHook('onClose', async () => {
      // Stop the adapters' heartbeats and stream polling first, or they write to a closed connection. Every
      // namespace (the table screen's too) holds one; the shared stream poll stops only when all are closed.
      for (const nsp of io._nsps.values()) await nsp.adapter.close();
      await client.quit().catch(() => client.disconnect());
    });
  }
  guardSocketCommands(app, io);
  return io;
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
  io.on('connection', (socket) => {
    socket.use((packet, next) => {
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
    });
  });
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
