import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { DiscountCodesTable } from '../../db/schema.js';

export type DiscountCodeRow = Selectable<DiscountCodesTable>;

export const findCodeByCode = (db: Db, code: string) =>
  db.selectFrom('discount_codes').selectAll().where('code', '=', code).executeTakeFirst();

export const listCodes = (db: Db) => db.selectFrom('discount_codes').selectAll().orderBy('created_at', 'desc').orderBy('code').execute();

/** Inserts unless the code exists (unique index decides races); false when taken. */
export async function insertCode(
  db: Db,
  row: Omit<DiscountCodeRow, 'times_used' | 'created_at'>,
): Promise<DiscountCodeRow | undefined> {
  return db
    .insertInto('discount_codes')
    .values({ ...row, created_at: new Date() })
    .onConflict((oc) => oc.column('code').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function deactivateCode(db: Db, id: string): Promise<DiscountCodeRow | undefined> {
  return db.updateTable('discount_codes').set({ is_active: false }).where('id', '=', id).returningAll().executeTakeFirst();
}

/**
 * Counts one use of a code if it is still usable: active, not expired, under its limit. The conditional UPDATE is
 * the only place times_used grows, so the limit holds under any concurrency (the row lock serialises the updates and
 * Postgres re-checks the WHERE on the latest row). Returns false when the code could not be used.
 */
export async function claimCodeUse(
  tx: Db,
  use: { discountCodeId: string; userId: string | null; purchaseId: string | null },
): Promise<boolean> {
  const res = await tx
    .updateTable('discount_codes')
    .set({ times_used: sql<number>`times_used + 1` })
    .where('id', '=', use.discountCodeId)
    .where('is_active', '=', true)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
    .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('times_used', '<', eb.ref('usage_limit'))]))
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return false;
  await tx
    .insertInto('discount_code_uses')
    .values({ id: randomUUID(), discount_code_id: use.discountCodeId, user_id: use.userId, purchase_id: use.purchaseId, used_at: new Date() })
    .execute();
  return true;
}
