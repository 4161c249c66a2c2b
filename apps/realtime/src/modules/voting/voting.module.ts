import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { votingRoutes } from './voting.routes.js';

/** The voting reads and the daily tracker (the votes themselves are commands of the command table). */
export async function registerVoting(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (s) => votingRoutes(s, ctx));
}
