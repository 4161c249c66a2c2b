import type { Db } from '../../db/database.js';

/** Every storyline, published ones first, then by title. */
export const listStorylines = (db: Db) => db.selectFrom('storylines').selectAll().orderBy('status', 'desc').orderBy('title').execute();

export const findStoryline = (db: Db, id: string) => db.selectFrom('storylines').selectAll().where('id', '=', id).executeTakeFirst();

/** A storyline's pricing tiers on offer (its current version's), in their display order. */
export const pricingTiersOf = (db: Db, storylineId: string) =>
  db.selectFrom('pricing_tiers').selectAll().where('storyline_id', '=', storylineId).where('retired_at', 'is', null).orderBy('sort').execute();
