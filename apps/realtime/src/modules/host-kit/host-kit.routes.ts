import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZGameParams } from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { principalOf } from '../../plugins/auth-door.js';
import { parseInput } from '../../lib/validate.js';
import { answerSheetOf, hostGuidePdf, hostKitOf } from './host-kit.service.js';

const ZStorylineParams = z.object({ id: z.string().regex(/^[a-z0-9-]+$/).max(100) });

/** The host's kit: phase notes (host only), the answer sheet, the printable guide (pushing a hint is a table command). */
export async function hostKitRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const gameId = (params: unknown) => parseInput(ZGameParams, params).id;

  app.get('/api/games/:id/host-kit', { config: { access: 'token' } }, async (req) => hostKitOf(ctx, principalOf(req), gameId(req.params)));

  app.get('/api/games/:id/answer-sheet', { config: { access: 'token' } }, async (req) => answerSheetOf(ctx, principalOf(req), gameId(req.params)));

  app.get('/api/storylines/:id/host-guide.pdf', { config: { access: 'token' } }, async (req, reply) => {
    const { id } = parseInput(ZStorylineParams, req.params);
    const { pdf, filename } = await hostGuidePdf(ctx, principalOf(req), id);
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'private, no-store').send(pdf);
  });
}

