import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { playRoutes } from './play.routes.js';

/** The in-game content feature: day content, public characters, killer reveal, player notes. */
export async function registerPlay(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (s) => playRoutes(s, ctx));
}
