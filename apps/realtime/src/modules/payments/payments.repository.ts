import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { PaymentIntentsTable } from '../../db/schema.js';

export type PaymentIntentRow = Selectable<PaymentIntentsTable>;

/** A tier on offer (a retired tier, one a newer version of the storyline dropped, is not sold). */
export const findTier = (db: Db, storylineId: string, tierId: string) =>
  db
    .selectFrom('pricing_tiers')
    .selectAll()
    .where('id', '=', tierId)
    .where('storyline_id', '=', storylineId)
    .where('retired_at', 'is', null)
    .executeTakeFirst();

/** Idempotent: a replayed provider create (same idempotency key, same intent id) keeps the first row. */
export const insertIntent = (db: Db, row: Insertable<PaymentIntentsTable>) =>
  db
    .insertInto('payment_intents')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();

export const findIntent = (db: Db, id: string) => db.selectFrom('payment_intents').selectAll().where('id', '=', id).executeTakeFirst();

export const setIntentStatus = (db: Db, id: string, status: PaymentIntentRow['status']) =>
  db.updateTable('payment_intents').set({ status }).where('id', '=', id).execute();

export const findPurchaseByIntent = (db: Db, paymentIntentId: string) =>
  db.selectFrom('purchases').select(['id', 'storyline_id']).where('payment_intent_id', '=', paymentIntentId).executeTakeFirst();

export const findPrepurchaseByIntent = (db: Db, paymentIntentId: string) =>
  db.selectFrom('prepurchases').select(['id', 'storyline_id']).where('payment_intent_id', '=', paymentIntentId).executeTakeFirst();

/** A user's purchases with their tier and storyline, newest first (dashboard "My Games"). */
export const listUserPurchases = (db: Db, userId: string) =>
  db
    .selectFrom('purchases')
    .innerJoin('pricing_tiers', 'pricing_tiers.id', 'purchases.pricing_tier_id')
    .innerJoin('storylines', 'storylines.id', 'purchases.storyline_id')
    .select([
      'purchases.id',
      'purchases.storyline_id',
      'purchases.pricing_tier_id',
      'purchases.player_count',
      'purchases.amount_paid_cents',
      'purchases.purchased_at',
      'pricing_tiers.display_name as tier_name',
      'pricing_tiers.character_limit',
    ])
    .where('purchases.user_id', '=', userId)
    .where('purchases.revoked_at', 'is', null) // refunded: no longer theirs
    .orderBy('purchases.purchased_at', 'desc')
    .execute();
