import type { FastifyInstance } from 'fastify';
import { casesOf, type TPricingTier, type TStoryline, type TStorylineCases } from '@ss/protocol';
import { toStoryline } from './storyline-view.js';
import { findStoryline, listStorylines, pricingTiersOf } from './storylines.repository.js';
import type { AppContext } from '../../context.js';
import { userOf } from '../../plugins/auth-door.js';
import { notFound } from '../../lib/app-error.js';
import { finishedCases } from '../games/cases.repository.js';

export async function storylineRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/storylines', async (): Promise<TStoryline[]> => {
    const rows = await listStorylines(ctx.db);
    return Promise.all(rows.map((r) => toStoryline(ctx.catalog, r)));
  });

  // The cases a host may choose from, by number; a title only for a case this host has finished a game of.
  app.get<{ Params: { id: string } }>('/api/storylines/:id/cases', { config: { access: 'user' } }, async (req): Promise<TStorylineCases> => {
    const user = userOf(req);
    const version = ctx.catalog.latestVersion(req.params.id);
    if (version === undefined) throw notFound('Storyline not found');
    const { content } = await ctx.catalog.get(req.params.id, version);
    const finished = await finishedCases(ctx.db, user.userId, content);
    return {
      storylineId: content.id,
      cases: casesOf(content).map((k, i) => ({ number: i + 1, title: finished.has(k.id) ? k.title : null, finishedGames: finished.get(k.id) ?? 0 })),
    };
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
