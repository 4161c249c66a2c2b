import type Stripe from 'stripe';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { TPaymentDispute } from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { fulfilStripeIntent, retrieveStripeIntent, type PaymentsDeps } from './payments.service.js';

export interface WebhookOutcome {
  received: true;
  /** The event id was handled before: nothing was done again. */
  duplicate?: true;
  effect?: string;
  ignored?: string;
}

/**
 * Handles one verified Stripe event, at most once per event id: the id is written to stripe_events in the same
 * transaction as the event's effect, so a replay (Stripe retries, or two instances receiving the same delivery)
 * finds it and changes nothing. An event that had no effect is not recorded, so a later delivery still can.
 */
export async function handleStripeEvent(deps: PaymentsDeps, event: Stripe.Event): Promise<WebhookOutcome> {
  const { ctx } = deps;
  const seen = await ctx.db.selectFrom('stripe_events').select('id').where('id', '=', event.id).executeTakeFirst();
  if (seen) return { received: true, duplicate: true };

  switch (event.type) {
    case 'payment_intent.succeeded': {
      // Trust the event for its id only: the intent is read again from Stripe before anything is recorded.
      const pi = await retrieveStripeIntent(deps, event.data.object.id);
      const done = await fulfilStripeIntent(ctx, pi); // idempotent per payment intent by itself
      await markHandled(ctx, event);
      return { received: true, effect: `${done.kind} ${done.id}` };
    }
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled': {
      // No purchase was (or will be) recorded from this intent; the intent row says why, for the buyer's retry.
      const pi = await retrieveStripeIntent(deps, event.data.object.id);
      const status = event.type === 'payment_intent.canceled' ? 'canceled' : 'failed';
      if (pi.status === 'succeeded') return { received: true, ignored: 'the payment has since succeeded' };
      return once(ctx, event, async (tx) => {
        await tx.updateTable('payment_intents').set({ status }).where('id', '=', pi.id).where('status', '<>', 'succeeded').execute();
        return `intent ${status}`;
      });
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const pid = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
      if (!pid) return { received: true, ignored: 'charge without a payment intent' };
      // A partial refund (a goodwill gesture) keeps the purchase; a full refund takes it back.
      if (!charge.refunded) return once(ctx, event, async () => 'partial refund: purchase kept');
      return once(ctx, event, async (tx) => {
        const revoked = await tx
          .updateTable('purchases')
          .set({ revoked_at: new Date(), revoked_reason: 'refunded' })
          .where('payment_intent_id', '=', pid)
          .where('revoked_at', 'is', null)
          .returning('id')
          .execute();
        await tx.updateTable('prepurchases').set({ status: 'refunded' }).where('payment_intent_id', '=', pid).execute();
        return revoked.length ? `purchase ${revoked[0]?.id ?? ''} revoked` : 'no purchase to revoke';
      });
    }
    case 'charge.dispute.created': {
      const d = event.data.object;
      const pid = typeof d.payment_intent === 'string' ? d.payment_intent : (d.payment_intent?.id ?? null);
      return once(ctx, event, async (tx) => {
        await tx
          .insertInto('payment_disputes')
          .values({
            id: d.id,
            charge_id: typeof d.charge === 'string' ? d.charge : d.charge.id,
            payment_intent_id: pid,
            amount_cents: d.amount,
            reason: d.reason,
            status: d.status,
          })
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
        return `dispute ${d.id} flagged`;
      });
    }
    default:
      return { received: true, ignored: `event type ${event.type} is not used` };
  }
}

type Tx = Transaction<Database>;

/** Runs the effect and records the event id in one transaction; a concurrent replay waits and then sees it. */
async function once(ctx: AppContext, event: Stripe.Event, effect: (tx: Tx) => Promise<string>): Promise<WebhookOutcome> {
  return ctx.db.transaction().execute(async (tx) => {
    const claimed = await tx
      .insertInto('stripe_events')
      .values({ id: event.id, type: event.type })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!claimed) return { received: true as const, duplicate: true as const };
    return { received: true as const, effect: await effect(tx) };
  });
}

async function markHandled(ctx: AppContext, event: Stripe.Event): Promise<void> {
  await ctx.db.insertInto('stripe_events').values({ id: event.id, type: event.type }).onConflict((oc) => oc.column('id').doNothing()).execute();
}

/** Disputes for the admin screen, newest first, with the purchase they concern. */
export async function listDisputes(ctx: AppContext): Promise<TPaymentDispute[]> {
  const rows = await ctx.db
    .selectFrom('payment_disputes as d')
    .leftJoin('purchases as p', 'p.payment_intent_id', 'd.payment_intent_id')
    .leftJoin('users as u', 'u.id', 'p.user_id')
    .leftJoin('storylines as s', 's.id', 'p.storyline_id')
    .select([
      'd.id',
      'd.charge_id',
      'd.payment_intent_id',
      'd.amount_cents',
      'd.reason',
      'd.status',
      'd.created_at',
      'p.id as purchase_id',
      'p.revoked_at',
      's.title',
      'u.email',
    ])
    .orderBy('d.created_at', 'desc')
    .limit(200)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    chargeId: r.charge_id,
    paymentIntentId: r.payment_intent_id,
    amountCents: r.amount_cents,
    reason: r.reason,
    status: r.status,
    createdAt: new Date(r.created_at).toISOString(),
    purchase: r.purchase_id ? { id: r.purchase_id, storylineTitle: r.title ?? '', buyerEmail: r.email ?? '', revoked: r.revoked_at !== null } : null,
  }));
}
