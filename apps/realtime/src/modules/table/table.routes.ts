import type { FastifyInstance } from 'fastify';
import { ZGameParams } from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { principalOf } from '../../plugins/auth-door.js';
import { parseInput } from '../../lib/validate.js';
import { replayOf } from './table.service.js';


/** The case-file replay, read from the log (the table's commands come from the command table). */
export async function tableRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const gameId = (params: unknown) => parseInput(ZGameParams, params).id;

  app.get('/api/games/:id/replay', { config: { access: 'token' } }, async (req) => replayOf(ctx, principalOf(req), gameId(req.params)));
}
