import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.js';
import type { IO } from './plugins/socket.js';
import { gameRoutes } from './modules/games/games.routes.js';
import { registerGameSockets } from './modules/games/games.socket.js';

/** Feature modules: each registers its REST routes (and socket handlers) here, one line each. */
export async function registerFeatures(app: FastifyInstance, ctx: AppContext, io: IO): Promise<void> {
  registerGameSockets(ctx, io);
  await app.register(async (s) => gameRoutes(s, ctx));
}
