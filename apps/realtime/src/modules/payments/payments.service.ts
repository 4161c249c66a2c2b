import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { z } from 'zod';
import {
  DEV_CARDS,
  DISCOUNT_REFUSAL_MESSAGES,
  PAYMENT_MESSAGES,
  ZEmail,
  type ZCreateIntentRequest,
  type ZCreatePrepurchaseIntentRequest,
  type TConfirmPaymentResponse,
  type TCreateIntentResponse,
  type TCreatePrepurchaseIntentResponse,
  type TPaymentProvider,
  type TPurchasedStoryline,
} from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { toStoryline } from '../storylines/storyline-view.js';
import type { Principal } from '../auth/principal.js';
import { AppError, badRequest, conflict, forbidden } from '../../lib/app-error.js';
import { claimCodeUse } from '../discounts/discounts.repository.js';
import { discountCents, requireUsableCode } from '../discounts/discounts.service.js';
import { saleProblems } from '../storylines/storyline-range.js';
import {
  findIntent,
  findPrepurchaseByIntent,
  findPurchaseByIntent,
  findTier,
  insertIntent,
  listUserPurchases,
  setIntentStatus,
  type PaymentIntentRow,
} from './payments.repository.js';
import { findStoryline } from '../storylines/storylines.repository.js';

export interface PaymentsDeps {
  ctx: AppContext;
  /** null: no STRIPE_SECRET_KEY, the dev provider takes payments. */
  stripe: Stripe | null;
}

type User = Extract<Principal, { kind: 'user' }>;

/** The currency of every price in the catalogue. */
const CURRENCY = 'usd';

function requireSelf(user: User, userId: string): void {
  if (userId !== user.userId) {
    throw new AppError('FORBIDDEN', 'You can only make purchases for your own account', { path: ['userId'] });
  }
}

interface Quote {
  storylineId: string;
  tierId: string;
  playerCount: number;
  originalAmountCents: number;
  discountCents: number;
  amountCents: number;
  discountCodeId: string | null;
}

async function loadStorylineAndTier(ctx: AppContext, storylineId: string, tierId: string) {
  const storyline = await findStoryline(ctx.db, storylineId);
  if (!storyline) throw new AppError('NOT_FOUND', 'Storyline not found', { path: ['storylineId'] });
  const tier = await findTier(ctx.db, storylineId, tierId);
  if (!tier) throw badRequest('This player-count option does not exist for this storyline', { path: ['pricingTierId'] });
  return { storyline, tier };
}

function checkPlayerCount(playerCount: number, tier: { min_players: number; max_players: number }): void {
  if (playerCount < tier.min_players || playerCount > tier.max_players) {
    throw badRequest(`Player count must be between ${tier.min_players} and ${tier.max_players} for this option`, {
      path: ['playerCount'],
    });
  }
}

/**
 * A coming-soon storyline is sold for prepurchase only while its player range, pricing tiers and summary agree
 * (a summary promising eleven people cannot sell a 20-player tier).
 */
async function requireOnSale(ctx: AppContext, storyline: { id: string; version: number }): Promise<void> {
  const { content } = await ctx.catalog.get(storyline.id, storyline.version);
  const problem = saleProblems(content)[0];
  if (problem) throw conflict(`This storyline is not on sale yet: ${problem.message}`);
}

// ---------------------------------------------------------------- create

/**
 * `codeCheck` runs before a discount code is looked up (the route's per-address and per-account limits), and
 * says whether the caller may hear why a code is refused (admins only).
 */
/** `input` as the route schema parsed it. */
export async function createIntent(deps: PaymentsDeps, user: User, input: z.output<typeof ZCreateIntentRequest>, codeCheck: () => Promise<{ detailed: boolean }>): Promise<TCreateIntentResponse> {
  requireSelf(user, input.userId);
  const { storyline, tier } = await loadStorylineAndTier(deps.ctx, input.storylineId, input.pricingTierId);
  if (storyline.status === 'coming_soon') {
    throw badRequest('This storyline is not released yet: prepurchase it instead', { path: ['storylineId'] });
  }
  checkPlayerCount(input.playerCount, tier);
  // The price comes from the tier and the code only; nothing the client sends about money is read.
  const code = input.discountCode ? await requireUsableCode(deps.ctx.db, input.discountCode, (await codeCheck()).detailed) : null;
  const off = code ? discountCents(tier.price_cents, code) : 0;
  const quote: Quote = {
    storylineId: storyline.id,
    tierId: tier.id,
    playerCount: input.playerCount,
    originalAmountCents: tier.price_cents,
    discountCents: off,
    amountCents: tier.price_cents - off,
    discountCodeId: code?.id ?? null,
  };
  const money = { originalAmountCents: quote.originalAmountCents, discountCents: quote.discountCents };

  if (quote.amountCents <= 0) {
    const done = await fulfil(deps.ctx, {
      provider: 'free',
      paymentIntentId: null,
      kind: 'purchase',
      userId: user.userId,
      storylineId: quote.storylineId,
      tierId: quote.tierId,
      playerCount: quote.playerCount,
      amountCents: 0,
      discountCodeId: quote.discountCodeId,
      email: null,
    });
    return { free: true, purchaseId: done.id, amountCents: 0, ...money };
  }
  const intent = await createProviderIntent(deps, { kind: 'purchase', userId: user.userId, email: null, requestId: input.requestId, ...quote });
  return { free: false, amountCents: quote.amountCents, ...money, ...intent };
}

export async function createPrepurchaseIntent(deps: PaymentsDeps, user: User, input: z.output<typeof ZCreatePrepurchaseIntentRequest>): Promise<TCreatePrepurchaseIntentResponse> {
  if (!input.email || !input.pricingTierId) {
    throw new AppError('BAD_REQUEST', PAYMENT_MESSAGES.missingInformation, { title: PAYMENT_MESSAGES.missingInformationTitle });
  }
  const email = ZEmail.safeParse(input.email);
  if (!email.success) throw badRequest('Please enter a valid e-mail address', { path: ['email'] });
  requireSelf(user, input.userId);
  const { storyline, tier } = await loadStorylineAndTier(deps.ctx, input.storylineId, input.pricingTierId);
  if (storyline.status !== 'coming_soon') {
    throw badRequest('This storyline is already available: purchase it instead', { path: ['storylineId'] });
  }
  await requireOnSale(deps.ctx, storyline);
  // A prepurchase is for the tier's max players unless the client names a count within the tier.
  const playerCount = input.playerCount ?? tier.max_players;
  checkPlayerCount(playerCount, tier);
  // amountCents from the client is ignored on purpose: the tier's price is the price.
  const amountCents = tier.price_cents;
  const money = { originalAmountCents: amountCents, discountCents: 0 };
  if (amountCents <= 0) {
    const done = await fulfil(deps.ctx, {
      provider: 'free',
      paymentIntentId: null,
      kind: 'prepurchase',
      userId: user.userId,
      storylineId: storyline.id,
      tierId: tier.id,
      playerCount,
      amountCents: 0,
      discountCodeId: null,
      email: email.data,
    });
    return { free: true, prepurchaseId: done.id, amountCents: 0, ...money };
  }
  const intent = await createProviderIntent(deps, {
    kind: 'prepurchase',
    userId: user.userId,
    storylineId: storyline.id,
    tierId: tier.id,
    playerCount,
    amountCents,
    discountCodeId: null,
    email: email.data,
    requestId: input.requestId,
  });
  return { free: false, amountCents, ...money, ...intent };
}

/** What is bought, by whom, at what price: the same from the quote through the provider's intent to the record. */
interface Order {
  kind: 'purchase' | 'prepurchase';
  userId: string;
  storylineId: string;
  tierId: string;
  playerCount: number;
  amountCents: number;
  discountCodeId: string | null;
  email: string | null;
}

interface IntentSpec extends Order {
  requestId: string | undefined;
}

async function createProviderIntent(
  deps: PaymentsDeps,
  spec: IntentSpec,
): Promise<{ provider: TPaymentProvider; clientSecret: string; paymentIntentId: string; publishableKey: string | null }> {
  const row = {
    kind: spec.kind,
    user_id: spec.userId,
    storyline_id: spec.storylineId,
    tier_id: spec.tierId,
    player_count: spec.playerCount,
    amount_cents: spec.amountCents,
    discount_code_id: spec.discountCodeId,
    email: spec.email,
  };
  if (!deps.stripe) {
    const id = `dev_pi_${randomBytes(12).toString('hex')}`;
    await insertIntent(deps.ctx.db, { id, provider: 'dev', ...row });
    return { provider: 'dev', clientSecret: `dev_${id}_secret_${randomBytes(8).toString('hex')}`, paymentIntentId: id, publishableKey: null };
  }
  // Same request (same client request id and same quote) → same key → Stripe answers the same intent, never a second one.
  const idempotencyKey = createHash('sha256')
    .update(JSON.stringify({ ...row, requestId: spec.requestId ?? randomUUID() }))
    .digest('hex');
  let pi: Stripe.PaymentIntent;
  try {
    pi = await deps.stripe.paymentIntents.create(
      {
        amount: spec.amountCents,
        currency: CURRENCY,
        automatic_payment_methods: { enabled: true },
        ...(spec.email ? { receipt_email: spec.email } : {}),
        // Everything needed to record the purchase from Stripe's copy alone (webhook), set by us, never by the client.
        metadata: {
          kind: spec.kind,
          userId: spec.userId,
          storylineId: spec.storylineId,
          tierId: spec.tierId,
          playerCount: String(spec.playerCount),
          discountCodeId: spec.discountCodeId ?? '',
          ...(spec.email ? { email: spec.email } : {}),
        },
      },
      { idempotencyKey },
    );
  } catch (err) {
    deps.ctx.log.error({ err }, 'stripe paymentIntents.create failed');
    throw new AppError('UNAVAILABLE', 'The payment provider is unavailable. Please try again.');
  }
  if (!pi.client_secret) throw new AppError('UNAVAILABLE', 'The payment provider is unavailable. Please try again.');
  await insertIntent(deps.ctx.db, { id: pi.id, provider: 'stripe', ...row });
  return {
    provider: 'stripe',
    clientSecret: pi.client_secret,
    paymentIntentId: pi.id,
    publishableKey: deps.ctx.config.STRIPE_PUBLISHABLE_KEY ?? null,
  };
}

// ---------------------------------------------------------------- dev card

export async function devConfirmCard(deps: PaymentsDeps, user: User, input: { paymentIntentId: string; cardNumber: string }) {
  if (deps.stripe) throw new AppError('NOT_FOUND', 'Test card payments are disabled: a real payment provider is configured');
  const intent = await findIntent(deps.ctx.db, input.paymentIntentId);
  if (!intent || intent.provider !== 'dev') throw new AppError('NOT_FOUND', 'Payment not found', { path: ['paymentIntentId'] });
  if (intent.user_id !== user.userId) throw forbidden('This payment belongs to another account');
  if (intent.status === 'succeeded') return { status: 'succeeded' as const, paymentIntentId: intent.id };
  if (intent.status === 'canceled') throw badRequest('This payment was canceled. Please start again.', { path: ['paymentIntentId'] });
  if (input.cardNumber === DEV_CARDS.declined) {
    await setIntentStatus(deps.ctx.db, intent.id, 'failed');
    throw new AppError('PAYMENT_REQUIRED', PAYMENT_MESSAGES.cardDeclined, { path: ['cardNumber'] });
  }
  if (input.cardNumber !== DEV_CARDS.success) {
    throw badRequest('Test mode accepts the card 4242 4242 4242 4242 only', { path: ['cardNumber'] });
  }
  await setIntentStatus(deps.ctx.db, intent.id, 'succeeded');
  return { status: 'succeeded' as const, paymentIntentId: intent.id };
}

// ---------------------------------------------------------------- confirm + webhook

export async function confirmPayment(deps: PaymentsDeps, user: User, paymentIntentId: string): Promise<TConfirmPaymentResponse> {
  if (paymentIntentId.startsWith('dev_')) {
    if (deps.stripe) throw new AppError('NOT_FOUND', 'Payment not found', { path: ['paymentIntentId'] });
    const intent = await findIntent(deps.ctx.db, paymentIntentId);
    if (!intent || intent.provider !== 'dev') throw new AppError('NOT_FOUND', 'Payment not found', { path: ['paymentIntentId'] });
    if (intent.user_id !== user.userId) throw forbidden('This payment belongs to another account');
    if (intent.status !== 'succeeded') throw new AppError('PAYMENT_REQUIRED', 'Payment failed: the payment has not been completed');
    return respond(await fulfilIntentRow(deps.ctx, intent));
  }
  if (!deps.stripe) throw new AppError('NOT_FOUND', 'Payment not found', { path: ['paymentIntentId'] });
  const pi = await retrieveStripeIntent(deps, paymentIntentId);
  return respond(await fulfilStripeIntent(deps.ctx, pi, user.userId));
}

const respond = (r: Fulfilled): TConfirmPaymentResponse => ({ success: true, kind: r.kind, id: r.id, storylineId: r.storylineId });

export async function retrieveStripeIntent(deps: PaymentsDeps, id: string): Promise<Stripe.PaymentIntent> {
  if (!deps.stripe) throw new AppError('NOT_FOUND', 'Payment not found');
  try {
    return await deps.stripe.paymentIntents.retrieve(id);
  } catch (err) {
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 404 || status === 400) throw new AppError('NOT_FOUND', 'Payment not found', { path: ['paymentIntentId'] });
    deps.ctx.log.error({ err }, 'stripe paymentIntents.retrieve failed');
    throw new AppError('UNAVAILABLE', 'The payment provider is unavailable. Please try again.');
  }
}

/** A canceled intent cannot be paid any more: the buyer starts a new checkout. */
const PAYMENT_CANCELED = 'This payment was canceled and nothing was charged. Please start the purchase again.';

/** Our metadata on a Stripe intent (set by createProviderIntent). */
const ZStripeMetadata = z.object({
  kind: z.enum(['purchase', 'prepurchase']),
  userId: z.uuid(),
  storylineId: z.string().min(1),
  tierId: z.string().min(1),
  playerCount: z.coerce.number().int().min(1),
  discountCodeId: z.union([z.uuid(), z.literal('')]).optional(),
  email: z.string().optional(),
});

/**
 * Records what a succeeded Stripe intent paid for, from Stripe's own copy (metadata we set + the amount Stripe
 * received). With `callerId` (the confirm call) the intent must belong to the caller.
 */
export async function fulfilStripeIntent(ctx: AppContext, pi: Stripe.PaymentIntent, callerId?: string): Promise<Fulfilled> {
  const meta = ZStripeMetadata.safeParse(pi.metadata ?? {});
  if (!meta.success) throw badRequest('This payment is not a storyline purchase', { path: ['paymentIntentId'] });
  if (callerId !== undefined && meta.data.userId !== callerId) throw forbidden('This payment belongs to another account');
  if (pi.status === 'canceled') throw new AppError('PAYMENT_REQUIRED', PAYMENT_CANCELED);
  if (pi.status !== 'succeeded') throw new AppError('PAYMENT_REQUIRED', 'Payment failed: the payment has not been completed');
  return fulfil(ctx, {
    provider: 'stripe',
    paymentIntentId: pi.id,
    kind: meta.data.kind,
    userId: meta.data.userId,
    storylineId: meta.data.storylineId,
    tierId: meta.data.tierId,
    playerCount: meta.data.playerCount,
    amountCents: pi.amount_received || pi.amount,
    discountCodeId: meta.data.discountCodeId || null,
    email: meta.data.email ?? null,
  });
}

const fulfilIntentRow = (ctx: AppContext, i: PaymentIntentRow) =>
  fulfil(ctx, {
    provider: i.provider,
    paymentIntentId: i.id,
    kind: i.kind,
    userId: i.user_id,
    storylineId: i.storyline_id,
    tierId: i.tier_id,
    playerCount: i.player_count,
    amountCents: i.amount_cents,
    discountCodeId: i.discount_code_id,
    email: i.email,
  });

interface Fulfilment extends Order {
  provider: 'stripe' | 'dev' | 'free';
  /** null only for free purchases, which have no provider payment. */
  paymentIntentId: string | null;
}
interface Fulfilled {
  kind: 'purchase' | 'prepurchase';
  id: string;
  storylineId: string;
}

type Db = AppContext['db'];
type RecordedRow = { id: string; storyline_id: string };

/**
 * Records a fulfilment exactly once per payment intent, whoever calls first (confirm, webhook, a retry): an earlier
 * record of the intent answers at once; otherwise `insert` runs in one transaction and inserts nothing when a
 * parallel caller won the intent's UNIQUE key (payment_intent_id), whose record then answers.
 */
async function recordOnce(
  ctx: AppContext,
  kind: Fulfilled['kind'],
  f: Fulfilment,
  find: (db: Db, paymentIntentId: string) => Promise<RecordedRow | undefined>,
  insert: (tx: Db, id: string) => Promise<boolean>,
): Promise<Fulfilled> {
  const pid = f.paymentIntentId;
  const earlier = pid ? await find(ctx.db, pid) : undefined;
  if (earlier) return { kind, id: earlier.id, storylineId: earlier.storyline_id };
  const id = randomUUID();
  if (await ctx.db.transaction().execute((tx) => insert(tx, id))) return { kind, id, storylineId: f.storylineId };
  const existing = pid ? await find(ctx.db, pid) : undefined;
  if (!existing) throw new AppError('CONFLICT', `The ${kind} could not be recorded. Please try again.`);
  return { kind, id: existing.id, storylineId: existing.storyline_id };
}

/**
 * What a purchase and a prepurchase row both record of a payment: who bought which storyline at which tier for how
 * many players, and the provider's payment it came from (whose UNIQUE key makes the record once per intent).
 */
const paymentRecord = (f: Fulfilment, id: string) => ({
  id,
  user_id: f.userId,
  storyline_id: f.storylineId,
  pricing_tier_id: f.tierId,
  player_count: f.playerCount,
  provider: f.provider,
  payment_intent_id: f.paymentIntentId,
});

/**
 * A paid (or free) purchase, once per payment intent. The discount use is counted in the same transaction with a
 * conditional UPDATE, so a code's limit holds.
 */
async function fulfil(ctx: AppContext, f: Fulfilment): Promise<Fulfilled> {
  if (f.kind === 'prepurchase') return fulfilPrepurchase(ctx, f);
  const pid = f.paymentIntentId;
  return recordOnce(ctx, 'purchase', f, findPurchaseByIntent, async (tx, id) => {
    const row = await tx
      .insertInto('purchases')
      .values({ ...paymentRecord(f, id), amount_paid_cents: f.amountCents, discount_code_id: f.discountCodeId, purchased_at: new Date() })
      .onConflict((oc) => oc.column('payment_intent_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) return false;
    if (f.discountCodeId) {
      const claimed = await claimCodeUse(tx, { discountCodeId: f.discountCodeId, userId: f.userId, purchaseId: id });
      if (!claimed) {
        if (f.provider === 'stripe') {
          // The customer already paid the discounted price Stripe was told; we honour it but do not count the use,
          // so times_used never passes the limit. Rare: only when the code ran out between quote and payment.
          ctx.log.warn({ paymentIntentId: pid, discountCodeId: f.discountCodeId }, 'discount code ran out after payment; price honoured');
        } else {
          // Free and dev payments took no real money: refuse, and the transaction rolls the purchase back.
          throw badRequest(DISCOUNT_REFUSAL_MESSAGES.used_up, { path: ['discountCode'], reason: 'used_up' });
        }
      }
    }
    if (pid) await setIntentStatus(tx, pid, 'succeeded');
    return true;
  });
}

async function fulfilPrepurchase(ctx: AppContext, f: Fulfilment): Promise<Fulfilled> {
  const pid = f.paymentIntentId;
  return recordOnce(ctx, 'prepurchase', f, findPrepurchaseByIntent, async (tx, id) => {
    const row = await tx
      .insertInto('prepurchases')
      .values({ ...paymentRecord(f, id), email: f.email ?? '', amount_cents: f.amountCents, status: 'paid', created_at: new Date() })
      .onConflict((oc) => oc.column('payment_intent_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row && pid) await setIntentStatus(tx, pid, 'succeeded');
    return row !== undefined;
  });
}

// ---------------------------------------------------------------- dashboard

export async function purchasedStorylines(ctx: AppContext, userId: string): Promise<TPurchasedStoryline[]> {
  const rows = await listUserPurchases(ctx.db, userId);
  const byStoryline = new Map<string, typeof rows>();
  for (const r of rows) byStoryline.set(r.storyline_id, [...(byStoryline.get(r.storyline_id) ?? []), r]);
  const out: TPurchasedStoryline[] = [];
  for (const [storylineId, purchases] of byStoryline) {
    const s = await findStoryline(ctx.db, storylineId);
    if (!s) continue;
    out.push({
      storyline: await toStoryline(ctx.catalog, s),
      user_purchases: purchases.map((p) => ({
        id: p.id,
        pricingTierId: p.pricing_tier_id,
        tierName: p.tier_name,
        playerCount: p.player_count,
        characterLimit: p.character_limit,
        amountPaidCents: p.amount_paid_cents,
        purchasedAt: new Date(p.purchased_at).toISOString(),
      })),
    });
  }
  return out;
}
