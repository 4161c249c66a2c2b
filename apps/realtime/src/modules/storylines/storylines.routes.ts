import type { FastifyInstance } from 'fastify';
import type { TPricingTier, TStoryline } from '@ss/protocol';
import { toStoryline } from './storyline-view.js';
import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/app-error.js';

export async function storylineRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/storylines', async (): Promise<TStoryline[]> => {
    const rows = await ctx.db.selectFrom('storylines').selectAll().orderBy('status', 'desc').orderBy('title').execute();
    return Promise.all(rows.map((r) => toStoryline(ctx.catalog, r)));
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
