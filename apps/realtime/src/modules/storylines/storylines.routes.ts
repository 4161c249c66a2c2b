import type { FastifyInstance } from 'fastify';
import type { TPricingTier, TStoryline } from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/app-error.js';

export async function storylineRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/storylines', async (): Promise<TStoryline[]> => {
    const rows = await ctx.db.selectFrom('storylines').selectAll().orderBy('status', 'desc').orderBy('title').execute();
    return Promise.all(
      rows.map(async (r) => {
        const { content } = await ctx.catalog.get(r.id, r.version);
        return {
          id: r.id,
          title: r.title,
          summary: r.summary,
          price: r.price_cents,
          minPlayers: r.min_players,
          maxPlayers: r.max_players,
          duration: r.duration,
          difficulty: r.difficulty,
          status: r.status,
          imageUrl: r.image_url,
          imageAlt: r.image_alt,
          videoUrl: r.video_url,
          phasesJson: content.days.map((d) => ({ name: d.name, clue: d.clue, date: d.date, day: d.day })),
          characterCount: content.characters.length,
        };
      }),
    );
  });

  app.get<{ Params: { id: string } }>('/api/storylines/:id/pricing-tiers', async (req): Promise<TPricingTier[]> => {
    const exists = await ctx.db.selectFrom('storylines').select('id').where('id', '=', req.params.id).executeTakeFirst();
    if (!exists) throw notFound('Storyline not found');
    const tiers = await ctx.db
      .selectFrom('pricing_tiers')
      .selectAll()
      .where('storyline_id', '=', req.params.id)
      .orderBy('sort')
      .execute();
    return tiers.map((t) => ({
      id: t.id,
      storylineId: t.storyline_id,
      displayName: t.display_name,
      minPlayers: t.min_players,
      maxPlayers: t.max_players,
      priceCents: t.price_cents,
      characterLimit: t.character_limit,
    }));
  });
}
