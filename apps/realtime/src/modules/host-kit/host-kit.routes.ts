import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAnswerSheetResponse, ZFileBytes, ZHostKitResponse, ZStorylineSlugParams } from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { routeSchemas } from '../../plugins/route-schemas.js';
import { gameOf, principalOf } from '../../plugins/auth-door.js';
import { answerSheetOf, hostGuidePdf, hostKitOf } from './host-kit.service.js';

/** The host's kit: phase notes (host only), the answer sheet, the printable guide (pushing a hint is a table command). */
export async function hostKitRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'token' } as const;
  const { gameSchema } = routeSchemas(['table']);

  const kitSchema = gameSchema("The host's phase notes and hint cards for the game's storyline (host, co-host or acting host only)", { response: { 200: ZHostKitResponse } });
  api.get('/api/games/:id/host-kit', { config: { access: 'game-driver', refusal: 'Only the host can read the host notes' }, schema: kitSchema }, async (req) => hostKitOf(ctx, gameOf(req)));

  const sheetSchema = gameSchema("The case's answer sheet, for every seat and the host once the final vote closed and the reveal named the killer", {
    response: { 200: ZAnswerSheetResponse },
  });
  api.get('/api/games/:id/answer-sheet', { config: { access: 'game-member' }, schema: sheetSchema }, async (req) => answerSheetOf(ctx, gameOf(req)));

  const guideSchema = routeSchemas(['storylines']).schema(
    'The printable host guide (PDF: overview, setup, timings, phase notes, hint cards; no answers) for a user who may host the storyline',
    { params: ZStorylineSlugParams, response: { 200: { description: 'The guide', content: { 'application/pdf': { schema: ZFileBytes } } } } },
  );
  api.get('/api/storylines/:id/host-guide.pdf', { config, schema: guideSchema }, async (req, reply) => {
    const { id } = req.params;
    const { pdf, filename } = await hostGuidePdf(ctx, principalOf(req), id);
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'private, no-store').send(pdf);
  });
}

