import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hostSession, signupHost, TEST_MODE, uniqueEmail } from './harness.js';
import { buy, MANOR, TIERS } from './payment-fixtures.js';
import { stripeSuite } from './stripe-suite.js';

const WEBHOOK_SECRET = 'whsec_test_secret_for_payment_events';
const ADMIN = uniqueEmail('admin');

// Stripe events past the happy path, signed with the real SDK and verified by the server's real SDK; the intents
// they name live in the local Stripe stand-in. Every event is delivered twice: one effect.
describe(`Stripe failure, cancellation, refund and dispute events (${TEST_MODE})`, () => {
  const pay = stripeSuite(WEBHOOK_SECRET, { ADMIN_EMAILS: ADMIN });
  const api = pay.api;

  const deliver = async (id: string, type: string, object: Record<string, unknown>) => {
    const payload = JSON.stringify({ id, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } });
    const res = await pay.postEvent(payload);
    return { status: res.status, body: (await res.json()) as { received: boolean; duplicate?: boolean; effect?: string } };
  };
  /** Delivers the same event twice (Stripe retries, or it reaches two instances): the second is a duplicate. */
  const deliverTwice = async (type: string, object: Record<string, unknown>) => {
    const id = `evt_${randomBytes(10).toString('hex')}`;
    const first = await deliver(id, type, object);
    const second = await deliver(id, type, object);
    expect(first.status).toBe(200);
    expect(first.body.duplicate).toBeUndefined();
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ received: true, duplicate: true });
    const rows = await pay.server.ctx.db.selectFrom('stripe_events').selectAll().where('id', '=', id).execute();
    expect(rows).toHaveLength(1);
    return first.body;
  };
  const purchasesOf = (userId: string) => pay.server.ctx.db.selectFrom('purchases').selectAll().where('user_id', '=', userId).execute();
  const intentRow = (id: string) => pay.server.ctx.db.selectFrom('payment_intents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const startPurchase = async () => {
    const me = await signupHost(api);
    const res = await buy(api, me.token, { userId: me.userId, storylineId: MANOR, pricingTierId: TIERS.small.id, playerCount: 4 });
    expect(res.status).toBe(200);
    return { me, piId: res.body.paymentIntentId as string };
  };
  const paid = async () => {
    const { me, piId } = await startPurchase();
    pay.standin.setStatus(piId, 'succeeded');
    const confirmed = await api<{ id: string }>('POST', '/api/payments/confirm', { paymentIntentId: piId }, me.token);
    expect(confirmed.status).toBe(200);
    return { me, piId, purchaseId: confirmed.body.id };
  };

  it('payment_intent.payment_failed: no purchase, the intent is marked failed, confirm asks to pay', async () => {
    const { me, piId } = await startPurchase();
    const body = await deliverTwice('payment_intent.payment_failed', { id: piId, object: 'payment_intent', status: 'requires_payment_method' });
    expect(body.effect).toBe('intent failed');
    expect((await intentRow(piId)).status).toBe('failed');
    expect(await purchasesOf(me.userId)).toHaveLength(0);
    const confirm = await api<{ message: string }>('POST', '/api/payments/confirm', { paymentIntentId: piId }, me.token);
    expect(confirm.status).toBe(402);
    // The buyer can retry with the same intent: paying it afterwards still records the purchase once.
    pay.standin.setStatus(piId, 'succeeded');
    expect((await api('POST', '/api/payments/confirm', { paymentIntentId: piId }, me.token)).status).toBe(200);
    expect(await purchasesOf(me.userId)).toHaveLength(1);
  });

  it('payment_intent.canceled: no purchase, the intent is marked canceled, confirm says to start again', async () => {
    const { me, piId } = await startPurchase();
    pay.standin.setStatus(piId, 'canceled');
    const body = await deliverTwice('payment_intent.canceled', { id: piId, object: 'payment_intent', status: 'canceled' });
    expect(body.effect).toBe('intent canceled');
    expect((await intentRow(piId)).status).toBe('canceled');
    const confirm = await api<{ message: string }>('POST', '/api/payments/confirm', { paymentIntentId: piId }, me.token);
    expect(confirm.status).toBe(402);
    expect(confirm.body.message).toMatch(/canceled and nothing was charged/);
    expect(await purchasesOf(me.userId)).toHaveLength(0);
  });

  it('charge.refunded: revokes the purchase it paid for once; its games stay, no new game from it', async () => {
    const { me, piId, purchaseId } = await paid();
    const game = await api<{ id: string }>('POST', '/api/games', { storylineId: MANOR, isTestingMode: false }, me.token);
    expect(game.status).toBe(201);

    const charge = { id: `ch_${randomBytes(8).toString('hex')}`, object: 'charge', payment_intent: piId, amount: 2999, amount_refunded: 2999, refunded: true };
    const body = await deliverTwice('charge.refunded', charge);
    expect(body.effect).toBe(`purchase ${purchaseId} revoked`);
    const [row] = await purchasesOf(me.userId);
    expect(row?.revoked_reason).toBe('refunded');
    expect(row?.revoked_at).not.toBeNull();

    // The game made before the refund is still there; a new one needs a new purchase.
    expect((await api('GET', `/api/games/${game.body.id}`, undefined, me.token)).status).toBe(200);
    const again = await api('POST', '/api/games', { storylineId: MANOR, isTestingMode: false }, me.token);
    expect(again.status).toBe(402);
    expect((await api<unknown[]>('GET', '/api/dashboard/purchased-storylines', undefined, me.token)).body).toEqual([]);
  });

  it('a partial refund keeps the purchase', async () => {
    const { me, piId } = await paid();
    const charge = { id: `ch_${randomBytes(8).toString('hex')}`, object: 'charge', payment_intent: piId, amount: 2999, amount_refunded: 500, refunded: false };
    await deliverTwice('charge.refunded', charge);
    const [row] = await purchasesOf(me.userId);
    expect(row?.revoked_at).toBeNull();
  });

  it('charge.dispute.created: flagged once for the admin screen, with the purchase it concerns', async () => {
    const { me, piId, purchaseId } = await paid();
    const dispute = {
      id: `dp_${randomBytes(8).toString('hex')}`,
      object: 'dispute',
      charge: `ch_${randomBytes(8).toString('hex')}`,
      payment_intent: piId,
      amount: 2999,
      reason: 'fraudulent',
      status: 'needs_response',
    };
    await deliverTwice('charge.dispute.created', dispute);
    const admin = await hostSession(api, ADMIN);
    const list = await api<{ id: string; reason: string; purchase: { id: string; buyerEmail: string } | null }[]>('GET', '/api/admin/payment-disputes', undefined, admin.token);
    expect(list.status).toBe(200);
    const flagged = list.body.filter((d) => d.id === dispute.id);
    expect(flagged).toHaveLength(1);
    expect(flagged[0]).toMatchObject({ reason: 'fraudulent', purchase: { id: purchaseId, buyerEmail: me.email } });
    expect((await api('GET', '/api/admin/payment-disputes', undefined, me.token)).status).toBe(403);
  });

  it('refuses an event with a bad signature and records nothing', async () => {
    const payload = JSON.stringify({ id: 'evt_forged', object: 'event', type: 'charge.refunded', data: { object: {} } });
    const res = await pay.postEvent(payload, 'whsec_wrong');
    expect(res.status).toBe(400);
    expect(await pay.server.ctx.db.selectFrom('stripe_events').selectAll().where('id', '=', 'evt_forged').execute()).toHaveLength(0);
  });
});
