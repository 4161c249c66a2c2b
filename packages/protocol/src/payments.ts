import { z } from 'zod';
import { ZStoryline } from './storylines.js';

/**
 * Purchases, prepurchases and discount codes (the storyline page's purchase, the admin's discount codes).
 * Prices are always computed on the server from the pricing tier and the code; clients only send ids.
 */

/** Texts of the payment validation rules, shared so server and web show the same words. */
export const PAYMENT_MESSAGES = {
  loginRequired: 'You must be logged in to make a purchase. Please sign in and try again.',
  invalidSession: 'Invalid user session. Please sign out and sign in again.',
  missingInformationTitle: 'Missing Information',
  missingInformation: 'Please fill in all required fields',
  cardDeclined: 'Your card was declined.',
} as const;

/** The userId rules: missing and non-UUID each have their own message. */
const ZPurchaseUserId = z
  .string({ error: PAYMENT_MESSAGES.loginRequired })
  .trim()
  .min(1, PAYMENT_MESSAGES.loginRequired)
  .pipe(z.uuid({ error: PAYMENT_MESSAGES.invalidSession }));

/** Promo codes are trimmed and uppercased before any check. */
export const ZPromoCode = z
  .string()
  .trim()
  .max(64, 'Promo code is too long')
  .transform((s) => s.toUpperCase());

export function normalizePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

export const ZCreateIntentRequest = z.object({
  userId: ZPurchaseUserId,
  storylineId: z.string({ error: 'Choose a storyline' }).min(1, 'Choose a storyline').max(100),
  pricingTierId: z.string({ error: 'Choose a player count' }).min(1, 'Choose a player count').max(100),
  playerCount: z.coerce.number({ error: 'Player count must be a whole number' }).int('Player count must be a whole number'),
  /** Empty string means "no code". */
  discountCode: ZPromoCode.optional(),
  /** Optional client request id: a retried create with the same id reuses the same provider intent. */
  requestId: z.string().min(8).max(64).optional(),
});
export type TCreateIntentRequest = z.input<typeof ZCreateIntentRequest>;

export const ZPaymentProvider = z.enum(['stripe', 'dev']);
export type TPaymentProvider = z.infer<typeof ZPaymentProvider>;

export const ZPaymentQuote = z.object({
  /** Tier price before the code, cents. */
  originalAmountCents: z.number().int(),
  /** What the code takes off, cents (never more than the price). */
  discountCents: z.number().int(),
  amountCents: z.number().int(),
});

export const ZFreePurchaseResponse = ZPaymentQuote.extend({
  free: z.literal(true),
  purchaseId: z.uuid(),
});

export const ZPaidIntentResponse = ZPaymentQuote.extend({
  free: z.literal(false),
  provider: ZPaymentProvider,
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  /** Stripe publishable key for Elements; null for the dev provider. */
  publishableKey: z.string().nullable(),
});

export const ZCreateIntentResponse = z.discriminatedUnion('free', [ZFreePurchaseResponse, ZPaidIntentResponse]);
export type TCreateIntentResponse = z.infer<typeof ZCreateIntentResponse>;

export const ZCreatePrepurchaseIntentRequest = z.object({
  userId: ZPurchaseUserId,
  storylineId: z.string().min(1).max(100),
  pricingTierId: z.string().max(100).optional(),
  playerCount: z.coerce.number().int().optional(),
  email: z.string().trim().max(254).optional(),
  /** Ignored: the amount is always the tier's price. Accepted so a client that sends its own amount is not refused. */
  amountCents: z.unknown().optional(),
  requestId: z.string().min(8).max(64).optional(),
});
export type TCreatePrepurchaseIntentRequest = z.input<typeof ZCreatePrepurchaseIntentRequest>;

export const ZFreePrepurchaseResponse = ZPaymentQuote.extend({ free: z.literal(true), prepurchaseId: z.uuid() });
export const ZCreatePrepurchaseIntentResponse = z.discriminatedUnion('free', [ZFreePrepurchaseResponse, ZPaidIntentResponse]);
export type TCreatePrepurchaseIntentResponse = z.infer<typeof ZCreatePrepurchaseIntentResponse>;

export const ZConfirmPaymentRequest = z.object({ paymentIntentId: z.string().trim().min(1, 'paymentIntentId is required').max(255) });
export const ZConfirmPaymentResponse = z.object({
  success: z.literal(true),
  kind: z.enum(['purchase', 'prepurchase']),
  /** The purchase or prepurchase id. */
  id: z.uuid(),
  storylineId: z.string(),
});
export type TConfirmPaymentResponse = z.infer<typeof ZConfirmPaymentResponse>;

/** Dev provider only: the stand-in for the card form. 4242… succeeds, 4000 0000 0000 0002 is declined. */
export const DEV_CARDS = { success: '4242424242424242', declined: '4000000000000002' } as const;
export const ZDevConfirmCardRequest = z.object({
  paymentIntentId: z.string().min(1).max(255),
  cardNumber: z
    .string({ error: 'Card number is required' })
    .transform((s) => s.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Card number must be 12 to 19 digits')),
});
export const ZDevConfirmCardResponse = z.object({ status: z.literal('succeeded'), paymentIntentId: z.string() });

export const ZPaymentsConfig = z.object({ provider: ZPaymentProvider, publishableKey: z.string().nullable() });
export type TPaymentsConfig = z.infer<typeof ZPaymentsConfig>;

// ---- discount codes ----

export const ZDiscountType = z.enum(['percentage', 'fixed_amount']);
export type TDiscountType = z.infer<typeof ZDiscountType>;

export const ZDiscountRefusal = z.enum(['unknown', 'inactive', 'expired', 'used_up']);
export type TDiscountRefusal = z.infer<typeof ZDiscountRefusal>;

/** What a user sees when a code is refused, per reason. */
export const DISCOUNT_REFUSAL_MESSAGES: Record<TDiscountRefusal, string> = {
  unknown: 'This promo code is not valid',
  inactive: 'This promo code is no longer active',
  expired: 'This promo code has expired',
  used_up: 'This promo code has reached its usage limit',
};

export const ZValidateDiscountCodeRequest = z.object({ code: z.string({ error: 'Code is required' }).max(64) });
export const ZValidateDiscountCodeResponse = z.object({
  valid: z.boolean(),
  /** Percent for percentage codes; cents for fixed_amount codes (see discountType); 0 when invalid. */
  discount: z.number().int(),
  discountType: ZDiscountType.nullable(),
  discountValue: z.number().int().nullable(),
  reason: ZDiscountRefusal.nullable(),
  /** Human text of the reason, null when valid. */
  message: z.string().nullable(),
});
export type TValidateDiscountCodeResponse = z.infer<typeof ZValidateDiscountCodeResponse>;

export const ZUseDiscountCodeRequest = ZValidateDiscountCodeRequest;
export const ZUseDiscountCodeResponse = z.object({ success: z.literal(true) });

export const ZDiscountCode = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  discountType: ZDiscountType,
  /** Percent, or cents for fixed_amount. */
  discountValue: z.number().int(),
  expiresAt: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  timesUsed: z.number().int(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type TDiscountCode = z.infer<typeof ZDiscountCode>;
export const ZDiscountCodeList = z.array(ZDiscountCode);

export const DISCOUNT_DEFAULTS = { prefix: 'SS', discountType: 'percentage', daysValid: 30, suffixLength: 6 } as const;

/**
 * Admin create. Either an explicit `code` or a `prefix` (the server appends 6 random A-Z0-9);
 * either an explicit `expiresAt` or `daysValid` (end of day 23:59:59.999 UTC of today + daysValid); neither means no expiry.
 */
export const ZCreateDiscountCodeRequest = z
  .object({
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9_-]{3,40}$/, 'Code must be 3-40 letters, digits, - or _')
      .optional(),
    prefix: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9_-]{0,20}$/, 'Prefix must be at most 20 letters, digits, - or _')
      .optional(),
    name: z.string({ error: 'Campaign name is required' }).trim().min(1, 'Campaign name is required').max(120),
    discountType: ZDiscountType,
    discountValue: z
      .number({ error: 'Discount value must be a whole number' })
      .int('Discount value must be a whole number')
      .min(1, 'Discount value must be at least 1'),
    daysValid: z.number().int('Days valid must be a whole number').min(0, 'Days valid cannot be negative').max(3650).optional(),
    expiresAt: z.iso.datetime({ offset: true, error: 'expiresAt must be an ISO date-time' }).nullable().optional(),
    /** null (or absent) = unlimited. */
    usageLimit: z.number().int('Usage limit must be a whole number').min(1, 'Usage limit must be at least 1').nullable().optional(),
    isActive: z.boolean().optional(),
  })
  .refine((v) => v.discountType !== 'percentage' || v.discountValue <= 100, {
    message: 'A percentage discount cannot be more than 100',
    path: ['discountValue'],
  });
export type TCreateDiscountCodeRequest = z.input<typeof ZCreateDiscountCodeRequest>;

// ---- dashboard: My Games ----

export const ZUserPurchase = z.object({
  id: z.uuid(),
  pricingTierId: z.string(),
  tierName: z.string(),
  playerCount: z.number().int(),
  characterLimit: z.number().int(),
  amountPaidCents: z.number().int(),
  purchasedAt: z.string(),
});
export const ZPurchasedStoryline = z.object({ storyline: ZStoryline, user_purchases: z.array(ZUserPurchase) });
export type TPurchasedStoryline = z.infer<typeof ZPurchasedStoryline>;
export const ZPurchasedStorylineList = z.array(ZPurchasedStoryline);

// ---- admin: disputed payments ----

/** A chargeback opened by the card holder (Stripe `charge.dispute.created`), flagged for an admin. */
export const ZPaymentDispute = z.object({
  id: z.string(),
  chargeId: z.string(),
  paymentIntentId: z.string().nullable(),
  amountCents: z.number().int(),
  reason: z.string(),
  status: z.string(),
  createdAt: z.string(),
  /** The purchase the disputed payment made, when we recorded one. */
  purchase: z
    .object({ id: z.uuid(), storylineTitle: z.string(), buyerEmail: z.string(), revoked: z.boolean() })
    .nullable(),
});
export type TPaymentDispute = z.infer<typeof ZPaymentDispute>;
export const ZPaymentDisputeList = z.array(ZPaymentDispute);

/** A Stripe event as Stripe posts it: verified by its signature on the raw bytes, never by this schema (documentation only). */
export const ZStripeWebhookEvent = z.object({ id: z.string(), type: z.string(), data: z.object({ object: z.record(z.string(), z.unknown()) }) });
export const ZStripeWebhookAck = z.object({ received: z.literal(true), ignored: z.string().optional() }).loose();
