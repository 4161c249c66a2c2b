import type { FastifyInstance } from 'fastify';
import { casesOf, ZPricingTierList, ZStorylineCases, ZStorylineList, ZStorylineParams } from '@ss/protocol';
import { toStoryline } from './storyline-view.js';
import { findStoryline, listStorylines, pricingTiersOf } from './storylines.repository.js';
import type { AppContext } from '../../context.js';
import { moduleRoutes } from '../../plugins/route-schemas.js';
import { userOf } from '../../plugins/auth-door.js';
import { notFound } from '../../lib/app-error.js';
import { finishedCases } from '../games/cases.repository.js';

export async function storylineRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { api, schema } = moduleRoutes(app, ['storylines']);
  api.get('/api/storylines', { schema: schema('Storylines on sale', { response: { 200: ZStorylineList } }) }, async () => {
    const rows = await listStorylines(ctx.db);
    return Promise.all(rows.map((r) => toStoryline(ctx.catalog, r)));
  });

  // The cases a host may choose from, by number; a title only for a case this host has finished a game of.
  const casesSchema = schema("A storyline's cases by number, titled once the caller finished one", { params: ZStorylineParams, response: { 200: ZStorylineCases } });
  api.get('/api/storylines/:id/cases', { config: { access: 'user' }, schema: casesSchema }, async (req) => {
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

  const tiersSchema = schema('Pricing tiers of a storyline', { params: ZStorylineParams, response: { 200: ZPricingTierList } });
  api.get('/api/storylines/:id/pricing-tiers', { schema: tiersSchema }, async (req) => {
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
