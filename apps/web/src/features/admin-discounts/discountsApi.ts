import { ZDiscountCode, ZDiscountCodeList, type TCreateDiscountCodeRequest } from '@ss/protocol';
import { api } from '../../lib/api';

export const discountCodesKey = ['admin', 'discount-codes'] as const;

export const discountsApi = {
  list: () => api.get('/api/admin/discount-codes', ZDiscountCodeList),
  create: (body: TCreateDiscountCodeRequest) => api.post('/api/admin/discount-codes', body, ZDiscountCode),
  deactivate: (id: string) => api.delete(`/api/admin/discount-codes/${encodeURIComponent(id)}`, undefined, ZDiscountCode),
};

/** 'N%' for percentage codes, '$X.XX' (cents / 100) for fixed amounts. */
export function formatDiscount(type: 'percentage' | 'fixed_amount', value: number): string {
  return type === 'percentage' ? `${value}%` : `$${(value / 100).toFixed(2)}`;
}

/** 'used/limit', with ∞ when there is no limit. */
export function formatUses(timesUsed: number, usageLimit: number | null): string {
  return `${timesUsed}/${usageLimit ?? '∞'}`;
}

export function isExpired(expiresAt: string | null, now = Date.now()): boolean {
  return expiresAt !== null && new Date(expiresAt).getTime() < now;
}

/** Whole number from a form field, or null when empty / not a whole number. */
export function wholeNumber(raw: string): number | null {
  const t = raw.trim();
  return /^-?\d+$/.test(t) ? Number.parseInt(t, 10) : null;
}
