import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { gameOf, principalOf } from '../../plugins/auth-door.js';
import { parseInput } from '../../lib/validate.js';
import { answerSheetOf, hostGuidePdf, hostKitOf } from './host-kit.service.js';

const ZStorylineParams = z.object({ id: z.string().regex(/^[a-z0-9-]+$/).max(100) });

/** The host's kit: phase notes (host only), the answer sheet, the printable guide (pushing a hint is a table command). */
export async function hostKitRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/games/:id/host-kit', { config: { access: 'game-driver', refusal: 'Only the host can read the host notes' } }, async (req) => hostKitOf(ctx, gameOf(req)));

  app.get('/api/games/:id/answer-sheet', { config: { access: 'game-member' } }, async (req) => answerSheetOf(ctx, gameOf(req)));

  app.get('/api/storylines/:id/host-guide.pdf', { config: { access: 'token' } }, async (req, reply) => {
    const { id } = parseInput(ZStorylineParams, req.params);
    const { pdf, filename } = await hostGuidePdf(ctx, principalOf(req), id);
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'private, no-store').send(pdf);
  });
}

