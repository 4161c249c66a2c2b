import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZReplayResponse } from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { routeSchemas } from '../../plugins/route-schemas.js';
import { gameOf } from '../../plugins/auth-door.js';
import { replayOf } from './table.service.js';

/** The case-file replay, read from the log (the table's commands come from the command table). */
export async function tableRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const schema = routeSchemas(['table']).gameSchema('Case-file replay from the event log (completed games only)', { response: { 200: ZReplayResponse } });
  app.withTypeProvider<ZodTypeProvider>().get('/api/games/:id/replay', { config: { access: 'game-member' }, schema }, async (req) => replayOf(ctx, gameOf(req)));
}
