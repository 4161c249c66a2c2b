import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import { MAX_SOCKET_MESSAGE_BYTES, type ClientToServerEvents, type ServerToClientEvents } from '@ss/protocol';
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
      // Stop the adapter's heartbeats and stream polling first, or they write to a closed connection.
      await io.of('/').adapter.close();
      await client.quit().catch(() => client.disconnect());
    });
  }
  app.addHook('preClose', async () => {
    // Fastify closes the HTTP server itself; here the sockets go first so clients reconnect elsewhere.
    io.disconnectSockets(true);
  });
  return io;
}
