import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { gameOf } from '../../plugins/auth-door.js';
import { replayOf } from './table.service.js';


/** The case-file replay, read from the log (the table's commands come from the command table). */
export async function tableRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/games/:id/replay', { config: { access: 'game-member' } }, async (req) => replayOf(ctx, gameOf(req)));
}
