import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { IO } from '../../plugins/socket.js';
import { votingRoutes } from './voting.routes.js';
import { registerVotingSockets } from './voting.socket.js';

/** The voting feature (detective, suspect vote, final vote, results, daily tracker): REST routes and socket twins. */
export async function registerVoting(app: FastifyInstance, ctx: AppContext, io: IO): Promise<void> {
  registerVotingSockets(ctx, io);
  await app.register(async (s) => votingRoutes(s, ctx));
}
