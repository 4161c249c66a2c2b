import type { Transaction } from 'kysely';
import type { DB } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

type Db = DB | Transaction<Database>;

/** Every storyline, published ones first, then by title. */
export const listStorylines = (db: Db) => db.selectFrom('storylines').selectAll().orderBy('status', 'desc').orderBy('title').execute();

export const findStoryline = (db: Db, id: string) => db.selectFrom('storylines').selectAll().where('id', '=', id).executeTakeFirst();

/** A storyline's pricing tiers in their display order. */
export const pricingTiersOf = (db: Db, storylineId: string) =>
  db.selectFrom('pricing_tiers').selectAll().where('storyline_id', '=', storylineId).orderBy('sort').execute();
