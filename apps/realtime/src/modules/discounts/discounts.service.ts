import { randomInt, randomUUID } from 'node:crypto';
import {
  DISCOUNT_DEFAULTS,
  DISCOUNT_REFUSAL_MESSAGES,
  normalizePromoCode,
  type TDiscountCode,
  type TDiscountRefusal,
  type TValidateDiscountCodeResponse,
  type ZCreateDiscountCodeRequest,
} from '@ss/protocol';
import type { z } from 'zod';
import type { DB } from '../../db/database.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import { claimCodeUse, deactivateCode, findCodeByCode, insertCode, listCodes, type DiscountCodeRow } from './discounts.repository.js';

/** Why a code cannot be used now, or null when it can. Order: unknown, inactive, expired, used up. */
export function refusalOf(row: DiscountCodeRow | undefined, now = new Date()): TDiscountRefusal | null {
  if (!row) return 'unknown';
  if (!row.is_active) return 'inactive';
  if (row.expires_at && row.expires_at.getTime() <= now.getTime()) return 'expired';
  if (row.usage_limit !== null && row.times_used >= row.usage_limit) return 'used_up';
  return null;
}

/** Cents a code takes off a price: a percent (rounded to the cent) or a fixed amount; never more than the price. */
export function discountCents(priceCents: number, code: Pick<DiscountCodeRow, 'discount_type' | 'discount_value'>): number {
  const raw = code.discount_type === 'percentage' ? Math.round((priceCents * code.discount_value) / 100) : code.discount_value;
  return Math.max(0, Math.min(priceCents, raw));
}

/**
 * What a caller is told about a refused code: an admin (who can list every code anyway) learns why; anyone else
 * hears "not valid" for an unknown, inactive, expired or used-up code alike, so guessing tells nothing about
 * which codes exist.
 */
export function toldRefusal(reason: TDiscountRefusal, detailed: boolean): TDiscountRefusal {
  return detailed ? reason : 'unknown';
}

/** The code as typed, looked up: its row when usable now, else the refusal the caller is told (toldRefusal). */
async function lookUpCode(db: DB, rawCode: string, detailed: boolean): Promise<{ row: DiscountCodeRow; refusal: null } | { row: null; refusal: TDiscountRefusal }> {
  const code = normalizePromoCode(rawCode);
  const row = code ? await findCodeByCode(db, code) : undefined;
  const reason = refusalOf(row);
  return reason || !row ? { row: null, refusal: toldRefusal(reason ?? 'unknown', detailed) } : { row, refusal: null };
}

export async function validateCode(db: DB, rawCode: string, detailed = false): Promise<TValidateDiscountCodeResponse> {
  const { row, refusal } = await lookUpCode(db, rawCode, detailed);
  if (!row) return { valid: false, discount: 0, discountType: null, discountValue: null, reason: refusal, message: DISCOUNT_REFUSAL_MESSAGES[refusal] };
  return {
    valid: true,
    discount: row.discount_value,
    discountType: row.discount_type,
    discountValue: row.discount_value,
    reason: null,
    message: null,
  };
}

/** A usable code for a purchase, or a 400 (with the field path the client sent) saying as much as toldRefusal. */
export async function requireUsableCode(db: DB, rawCode: string, detailed = false): Promise<DiscountCodeRow> {
  const { row, refusal } = await lookUpCode(db, rawCode, detailed);
  if (!row) throw badRequest(DISCOUNT_REFUSAL_MESSAGES[refusal], { path: ['discountCode'], reason: refusal });
  return row;
}

/** The standalone "use" call: counts one use of the code within its limits, not tied to a purchase. */
export async function useCode(db: DB, rawCode: string, userId: string, detailed = false): Promise<void> {
  const row = await requireUsableCode(db, rawCode, detailed);
  const claimed = await db.transaction().execute((tx) => claimCodeUse(tx, { discountCodeId: row.id, userId, purchaseId: null }));
  if (!claimed) throw badRequest(DISCOUNT_REFUSAL_MESSAGES.used_up, { path: ['code'], reason: 'used_up' });
}

export const toDiscountCode = (r: DiscountCodeRow): TDiscountCode => ({
  id: r.id,
  code: r.code,
  name: r.name,
  discountType: r.discount_type,
  discountValue: r.discount_value,
  expiresAt: r.expires_at ? r.expires_at.toISOString() : null,
  usageLimit: r.usage_limit,
  timesUsed: r.times_used,
  isActive: r.is_active,
  createdAt: r.created_at.toISOString(),
});

const SUFFIX_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export function randomSuffix(length: number = DISCOUNT_DEFAULTS.suffixLength): string {
  let s = '';
  for (let i = 0; i < length; i++) s += SUFFIX_ALPHABET[randomInt(SUFFIX_ALPHABET.length)];
  return s;
}

/**
 * End of day (23:59:59.999) of today + days, in UTC. The server decides in UTC so the expiry does not depend on the
 * admin's or the server's time zone; a code therefore expires at midnight UTC of that day.
 */
export function endOfDayUtc(daysValid: number, now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + daysValid, 23, 59, 59, 999));
}

export async function createCode(db: DB, input: z.output<typeof ZCreateDiscountCodeRequest>): Promise<TDiscountCode> {
  const expiresAt =
    input.expiresAt !== undefined && input.expiresAt !== null
      ? new Date(input.expiresAt)
      : input.daysValid !== undefined
        ? endOfDayUtc(input.daysValid)
        : null;
  const base = {
    name: input.name,
    discount_type: input.discountType,
    discount_value: input.discountValue,
    expires_at: expiresAt,
    usage_limit: input.usageLimit ?? null,
    is_active: input.isActive ?? true,
  };
  if (input.code) {
    const row = await insertCode(db, { id: randomUUID(), code: input.code, ...base });
    if (!row) throw conflict('A discount code with this code already exists');
    return toDiscountCode(row);
  }
  const prefix = input.prefix ?? DISCOUNT_DEFAULTS.prefix;
  // 36^6 ≈ 2.2e9 suffixes: a clash is rare, a few retries make it practically impossible.
  for (let attempt = 0; attempt < 8; attempt++) {
    const row = await insertCode(db, { id: randomUUID(), code: prefix + randomSuffix(), ...base });
    if (row) return toDiscountCode(row);
  }
  throw conflict('Could not generate a unique code, please try again');
}

export async function listAllCodes(db: DB): Promise<TDiscountCode[]> {
  return (await listCodes(db)).map(toDiscountCode);
}

export async function deactivate(db: DB, id: string): Promise<TDiscountCode> {
  const row = await deactivateCode(db, id);
  if (!row) throw notFound('Discount code not found');
  return toDiscountCode(row);
}
