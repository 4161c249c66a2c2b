import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { casesOf, publicView, seatDayView, seatView, storylineOf, ZSeatPreview, ZSeatPreviewQuery, ZStorylineIdParams, type TSeatPreview } from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { PreviewError, seatPreview } from './seat-preview.js';

/**
 * The author's preview (admins only): one seat's day or homepage as its phone would receive it, for a case, a
 * table size and a character of the storyline's latest version, built by the engine on a game held in memory
 * only (nothing is written, no game exists).
 */
export async function contentPreviewRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const config = { access: 'admin', seatTokenForbidden: true, refusal: 'Only administrators can preview a seat' } as const;
  const schema = {
    summary: "One seat's homepage (day 0) or day as its phone would receive it, on a game built in memory (nothing stored)",
    tags: ['admin'],
    params: ZStorylineIdParams,
    querystring: ZSeatPreviewQuery,
    response: { 200: ZSeatPreview },
  };
  app.withTypeProvider<ZodTypeProvider>().get('/api/admin/storylines/:id/preview', { config, schema }, async (req): Promise<TSeatPreview> => {
    const { id } = req.params;
    const query = req.query;
    const version = ctx.catalog.latestVersion(id);
    if (version === undefined) throw notFound('Storyline not found');
    const storyline = await ctx.catalog.get(id, version);
    let preview;
    try {
      preview = seatPreview(storyline, query);
    } catch (e) {
      if (e instanceof PreviewError) throw badRequest(e.message);
      throw e;
    }
    const { state, seat } = preview;
    // The game's own case tells the texts, as a game's reads do.
    const told = storylineOf(state, storyline);
    const characterId = seat.characterId!;
    const day = query.day ?? 0;
    return {
      storylineId: id,
      storylineVersion: version,
      choices: {
        cases: casesOf(storyline.content).map((k) => ({ id: k.id, title: k.title })),
        minPlayers: storyline.content.minPlayers,
        maxPlayers: storyline.content.maxPlayers,
        days: storyline.content.days.map((d) => ({ day: d.day, name: d.name })),
        dealt: preview.row.map((c) => ({ id: c, name: told.characters.get(c)?.name ?? c })),
      },
      caseId: preview.case.id,
      players: preview.players,
      characterId,
      day,
      game: publicView(state, told),
      me: seatView(state, seat.id, told)!,
      dayContent: day === 0 ? null : seatDayView(state, told, characterId, day, seat.id),
    };
  });
}
