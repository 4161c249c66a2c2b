import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZGameParams } from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { parseInput } from '../../lib/validate.js';
import { requirePrincipal } from '../auth/principal.js';
import { answerSheetOf, hostGuidePdf, hostKitOf } from './host-kit.service.js';

const ZStorylineParams = z.object({ id: z.string().regex(/^[a-z0-9-]+$/).max(100) });

/** The host's kit: phase notes (host only), the answer sheet, the printable guide (pushing a hint is a table command). */
export async function hostKitRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const gameId = (params: unknown) => parseInput(ZGameParams, params).id;

  app.get('/api/games/:id/host-kit', async (req) => hostKitOf(ctx, await requirePrincipal(ctx.tokens, req), gameId(req.params)));

  app.get('/api/games/:id/answer-sheet', async (req) => answerSheetOf(ctx, await requirePrincipal(ctx.tokens, req), gameId(req.params)));

  app.get('/api/storylines/:id/host-guide.pdf', async (req, reply) => {
    const { id } = parseInput(ZStorylineParams, req.params);
    const { pdf, filename } = await hostGuidePdf(ctx, await requirePrincipal(ctx.tokens, req), id);
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'private, no-store').send(pdf);
  });
}

