import type { FastifyInstance } from 'fastify';
import type { TPricingTier, TStoryline } from '@ss/protocol';
import { toStoryline } from './storyline-view.js';
import { findStoryline, listStorylines, pricingTiersOf } from './storylines.repository.js';
import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/app-error.js';

export async function storylineRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/storylines', async (): Promise<TStoryline[]> => {
    const rows = await listStorylines(ctx.db);
    return Promise.all(rows.map((r) => toStoryline(ctx.catalog, r)));
  });

  app.get<{ Params: { id: string } }>('/api/storylines/:id/pricing-tiers', async (req): Promise<TPricingTier[]> => {
    if (!(await findStoryline(ctx.db, req.params.id))) throw notFound('Storyline not found');
    const tiers = await pricingTiersOf(ctx.db, req.params.id);
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
