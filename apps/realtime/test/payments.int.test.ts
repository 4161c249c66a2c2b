import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '@ss/protocol';
import { apiFor, signupHost, startServer, type Api, type TestServer } from './harness.js';
import { buy, insertCode, MANOR, SOON, TIERS, seedPaymentFixtures } from './payment-fixtures.js';
import { stripeSuite } from './stripe-suite.js';

const WEBHOOK_SECRET = 'whsec_test_secret_for_payments';

const countPurchases = (s: TestServer, userId?: string) =>
  s.ctx.db
    .selectFrom('purchases')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .$if(userId !== undefined, (q) => q.where('user_id', '=', userId as string))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));

const purchaseBody = (userId: string, extra: Record<string, unknown> = {}) => ({
  userId,
  storylineId: MANOR,
  pricingTierId: TIERS.small.id,
  playerCount: 4,
  ...extra,
});

describe('payments with the dev provider (no Stripe key)', () => {
  let server: TestServer;
  let api: Api;
  beforeAll(async () => {
    server = await startServer();
    api = apiFor(server);
    await seedPaymentFixtures(server);
  });
  afterAll(async () => server?.close());

  it('tells the web which provider to load', async () => {
    const res = await api('GET', '/api/payments/config');
    expect(res.body).toEqual({ provider: 'dev', publishableKey: null });
  });

  it('refuses bad purchase requests with the error catalogue messages and a field path, and records nothing', async () => {
    const me = await signupHost(api);
    const other = await signupHost(api);
    expect((await api('POST', '/api/payments/create-intent', purchaseBody(me.userId))).status).toBe(401);

    const missing = await buy(api, me.token, { storylineId: MANOR, pricingTierId: TIERS.small.id, playerCount: 4 });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: 'BAD_REQUEST', message: PAYMENT_MESSAGES.loginRequired, path: ['userId'] });

    const notUuid = await buy(api, me.token, purchaseBody('user-123'));
    expect(notUuid.status).toBe(400);
    expect(notUuid.body).toMatchObject({ message: PAYMENT_MESSAGES.invalidSession, path: ['userId'] });

    const foreign = await buy(api, me.token, purchaseBody(other.userId));
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ path: ['userId'] });

    const wrongTier = await buy(api, me.token, purchaseBody(me.userId, { pricingTierId: TIERS.soon.id }));
    expect(wrongTier.status).toBe(400);
    expect(wrongTier.body).toMatchObject({ path: ['pricingTierId'] });

    const tooMany = await buy(api, me.token, purchaseBody(me.userId, { playerCount: 11 }));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ path: ['playerCount'] });

    const comingSoon = await buy(api, me.token, purchaseBody(me.userId, { storylineId: SOON, pricingTierId: TIERS.soon.id }));
    expect(comingSoon.status).toBe(400);

    const badCode = await buy(api, me.token, purchaseBody(me.userId, { discountCode: 'NOPE' }));
    expect(badCode.status).toBe(400);
    expect(badCode.body).toMatchObject({ message: 'This promo code is not valid', path: ['discountCode'], reason: 'unknown' });

    expect(await countPurchases(server, me.userId)).toBe(0);
    expect(await countPurchases(server, other.userId)).toBe(0);
  });

  it('charges the tier price whatever the client says, declines the test decline card, records once on confirm', async () => {
    const me = await signupHost(api);
    const intent = await buy(api, me.token, purchaseBody(me.userId, { amountCents: 1, amount: 1, priceCents: 1 }));
    expect(intent.status).toBe(200);
    expect(intent.body).toMatchObject({ free: false, provider: 'dev', amountCents: TIERS.small.priceCents, publishableKey: null });
    const piId = intent.body.paymentIntentId as string;
    expect(piId).toMatch(/^dev_pi_/);
    expect(intent.body.clientSecret).toMatch(/^dev_/);

    // Not paid yet: confirm records nothing.
    const early = await api('POST', '/api/payments/confirm', { paymentIntentId: piId }, me.token);
    expect(early.status).toBe(402);
    expect(await countPurchases(server, me.userId)).toBe(0);

    const declined = await api('POST', '/api/payments/dev/confirm-card', { paymentIntentId: piId, cardNumber: '4000 0000 0000 0002' }, me.token);
    expect(declined.status).toBe(402);
    expect(declined.body).toMatchObject({ message: 'Your card was declined.' });
    expect((await api('POST', '/api/payments/confirm', { paymentIntentId: piId }, me.token)).status).toBe(402);

    // Another account can neither pay nor claim my intent.
    const thief = await signupHost(api);
    expect((await api('POST', '/api/payments/dev/confirm-card', { paymentIntentId: piId, cardNumber: '4242424242424242' }, thief.token)).status).toBe(403);

    const ok = await api('POST', '/api/payments/dev/confirm-card', { paymentIntentId: piId, cardNumber: '4242 4242 4242 4242' }, me.token);
    expect(ok.status).toBe(200);
    expect((await api('POST', '/api/payments/confirm', { paymentIntentId: piId }, thief.token)).status).toBe(403);
    expect(await countPurchases(server, thief.userId)).toBe(0);

    const confirmed = await Promise.all(
      [1, 2, 3].map(() => api<{ id: string; success: boolean }>('POST', '/api/payments/confirm', { paymentIntentId: piId }, me.token)),
    );
    expect(confirmed.map((c) => c.status)).toEqual([200, 200, 200]);
    expect(new Set(confirmed.map((c) => c.body.id)).size).toBe(1);
    const rows = await server.ctx.db.selectFrom('purchases').selectAll().where('user_id', '=', me.userId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount_paid_cents: TIERS.small.priceCents, pricing_tier_id: TIERS.small.id, provider: 'dev', payment_intent_id: piId });

    const dash = await api<Array<{ storyline: { id: string; title: string }; user_purchases: Array<Record<string, unknown>> }>>(
      'GET',
      '/api/dashboard/purchased-storylines',
      undefined,
      me.token,
    );
    expect(dash.status).toBe(200);
    expect(dash.body).toHaveLength(1);
    expect(dash.body[0]?.storyline.id).toBe(MANOR);
    expect(dash.body[0]?.user_purchases[0]).toMatchObject({
      pricingTierId: TIERS.small.id,
      tierName: TIERS.small.displayName,
      playerCount: 4,
      characterLimit: 10,
      amountPaidCents: 2999,
    });
    expect((await api('GET', '/api/dashboard/purchased-storylines')).status).toBe(401);
  });

  it('applies percentage and fixed codes on the server (trimmed, uppercased) and records a free purchase at once', async () => {
    const me = await signupHost(api);
    await insertCode(server, 'HALF50', { value: 50 });
    await insertCode(server, 'FIVEOFF', { type: 'fixed_amount', value: 500 });
    const freeId = await insertCode(server, 'ALLFREE', { value: 100 });

    const half = await buy(api, me.token, purchaseBody(me.userId, { discountCode: '  half50 ' }));
    expect(half.body).toMatchObject({ free: false, originalAmountCents: 2999, discountCents: 1500, amountCents: 1499 });
    const fixed = await buy(api, me.token, purchaseBody(me.userId, { pricingTierId: TIERS.medium.id, playerCount: 12, discountCode: 'fiveoff' }));
    expect(fixed.body).toMatchObject({ amountCents: 3499 });

    const free = await buy(api, me.token, purchaseBody(me.userId, { discountCode: 'allfree' }));
    expect(free.status).toBe(200);
    expect(free.body).toMatchObject({ free: true, amountCents: 0 });
    const row = await server.ctx.db.selectFrom('purchases').selectAll().where('id', '=', free.body.purchaseId as string).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ amount_paid_cents: 0, discount_code_id: freeId, provider: 'free', user_id: me.userId });
    const code = await server.ctx.db.selectFrom('discount_codes').selectAll().where('id', '=', freeId).executeTakeFirstOrThrow();
    expect(code.times_used).toBe(1);

    // The discounted paid intent is recorded at the discounted price, and counts one use.
    const piId = half.body.paymentIntentId as string;
    await api('POST', '/api/payments/dev/confirm-card', { paymentIntentId: piId, cardNumber: '4242424242424242' }, me.token);
    const done = await api<{ id: string }>('POST', '/api/payments/confirm', { paymentIntentId: piId }, me.token);
    const paid = await server.ctx.db.selectFrom('purchases').selectAll().where('id', '=', done.body.id).executeTakeFirstOrThrow();
    expect(paid.amount_paid_cents).toBe(1499);
    const uses = await server.ctx.db.selectFrom('discount_code_uses').selectAll().where('purchase_id', '=', done.body.id).execute();
    expect(uses).toHaveLength(1);
  });

  it('never lets 10 parallel purchases use a code with limit 3 more than 3 times (free path)', async () => {
    const codeId = await insertCode(server, 'RUSH3', { value: 100, limit: 3 });
    const buyers = await Promise.all(Array.from({ length: 10 }, () => signupHost(api)));
    const results = await Promise.all(buyers.map((b) => buy(api, b.token, purchaseBody(b.userId, { discountCode: 'RUSH3' }))));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(3);
    expect(ok.every((r) => r.body.free === true)).toBe(true);
    // Refused when the quote is made ("not valid": a stranger is not told it was used up), or when the use is
    // counted after a quote that saw the code usable ("used up": the buyer already knows the code).
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.body).toMatchObject({ path: ['discountCode'] });
      expect(['unknown', 'used_up']).toContain((r.body as { reason: string }).reason);
    }
    const discounted = await server.ctx.db.selectFrom('purchases').select('id').where('discount_code_id', '=', codeId).execute();
    expect(discounted).toHaveLength(3);
    const code = await server.ctx.db.selectFrom('discount_codes').select('times_used').where('id', '=', codeId).executeTakeFirstOrThrow();
    expect(code.times_used).toBe(3);
    const uses = await server.ctx.db.selectFrom('discount_code_uses').select('id').where('discount_code_id', '=', codeId).execute();
    expect(uses).toHaveLength(3);
  });

  it('counts the limit when paid purchases are recorded: 10 intents quoted with a limit-3 code, exactly 3 discounted purchases', async () => {
    const codeId = await insertCode(server, 'PAID3', { value: 50, limit: 3 });
    const buyers = await Promise.all(Array.from({ length: 10 }, () => signupHost(api)));
    // All ten are quoted before anyone pays, so every quote sees the code unused.
    const intents = await Promise.all(buyers.map((b) => buy(api, b.token, purchaseBody(b.userId, { discountCode: 'PAID3' }))));
    expect(intents.every((r) => r.status === 200 && r.body.amountCents === 1499)).toBe(true);
    await Promise.all(
      buyers.map((b, i) =>
        api('POST', '/api/payments/dev/confirm-card', { paymentIntentId: intents[i]?.body.paymentIntentId, cardNumber: '4242424242424242' }, b.token),
      ),
    );
    const confirms = await Promise.all(buyers.map((b, i) => api('POST', '/api/payments/confirm', { paymentIntentId: intents[i]?.body.paymentIntentId }, b.token)));
    expect(confirms.filter((c) => c.status === 200)).toHaveLength(3);
    expect(confirms.filter((c) => c.status === 400)).toHaveLength(7);
    const discounted = await server.ctx.db.selectFrom('purchases').select('id').where('discount_code_id', '=', codeId).execute();
    expect(discounted).toHaveLength(3);
    const code = await server.ctx.db.selectFrom('discount_codes').select('times_used').where('id', '=', codeId).executeTakeFirstOrThrow();
    expect(code.times_used).toBe(3);
  });

  it('prepurchases a coming-soon storyline at the tier price, requiring e-mail and tier', async () => {
    const me = await signupHost(api);
    const noEmail = await api('POST', '/api/payments/create-prepurchase-intent', { userId: me.userId, storylineId: SOON, pricingTierId: TIERS.soon.id, playerCount: 10, amountCents: 1999 }, me.token);
    expect(noEmail.status).toBe(400);
    expect(noEmail.body).toEqual({ error: 'BAD_REQUEST', message: 'Please fill in all required fields', title: 'Missing Information' });
    const noTier = await api('POST', '/api/payments/create-prepurchase-intent', { userId: me.userId, storylineId: SOON, playerCount: 10, email: 'a@b.co', amountCents: 1999 }, me.token);
    expect(noTier.body).toEqual({ error: 'BAD_REQUEST', message: 'Please fill in all required fields', title: 'Missing Information' });
    const published = await api('POST', '/api/payments/create-prepurchase-intent', { userId: me.userId, storylineId: MANOR, pricingTierId: TIERS.small.id, email: 'a@b.co', amountCents: 1 }, me.token);
    expect(published.status).toBe(400);

    const res = await api<Record<string, unknown>>(
      'POST',
      '/api/payments/create-prepurchase-intent',
      { userId: me.userId, storylineId: SOON, pricingTierId: TIERS.soon.id, email: 'fan@example.com', amountCents: 1 },
      me.token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ free: false, amountCents: TIERS.soon.priceCents });
    const piId = res.body.paymentIntentId as string;
    await api('POST', '/api/payments/dev/confirm-card', { paymentIntentId: piId, cardNumber: '4242424242424242' }, me.token);
    const done = await api('POST', '/api/payments/confirm', { paymentIntentId: piId }, me.token);
    expect(done.body).toMatchObject({ success: true, kind: 'prepurchase', storylineId: SOON });
    const rows = await server.ctx.db.selectFrom('prepurchases').selectAll().where('user_id', '=', me.userId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount_cents: 1999, email: 'fan@example.com', player_count: 10, status: 'paid' });
    expect(await countPurchases(server, me.userId)).toBe(0);
  });
});

describe('payments with Stripe (real SDK against a local stand-in)', () => {
  const pay = stripeSuite(WEBHOOK_SECRET);
  const api = pay.api;

  const webhook = (piId: string, opts: { secret?: string; type?: string } = {}) =>
    pay.postEvent(
      JSON.stringify({
        id: `evt_${piId}`,
        object: 'event',
        type: opts.type ?? 'payment_intent.succeeded',
        data: { object: { id: piId, object: 'payment_intent', status: 'succeeded' } },
      }),
      opts.secret,
    );

  it('gives the publishable key and creates a PaymentIntent with our metadata at the server-side price', async () => {
    expect((await api('GET', '/api/payments/config')).body).toEqual({ provider: 'stripe', publishableKey: 'pk_test_standin' });
    const me = await signupHost(api);
    const codeId = await insertCode(pay.server, 'STRIPE10', { value: 10 });
    const res = await buy(api, me.token, purchaseBody(me.userId, { discountCode: 'stripe10', amountCents: 1, requestId: 'req-000001' }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ free: false, provider: 'stripe', amountCents: 2699, publishableKey: 'pk_test_standin' });
    const pi = pay.standin.intents.get(res.body.paymentIntentId as string);
    expect(pi?.amount).toBe(2699);
    expect(res.body.clientSecret).toBe(pi?.client_secret);
    expect(pi?.metadata).toMatchObject({ userId: me.userId, storylineId: MANOR, tierId: TIERS.small.id, playerCount: '4', discountCodeId: codeId });

    // The same request id is idempotent at Stripe: one intent, not two.
    const before = pay.standin.intents.size;
    const again = await buy(api, me.token, purchaseBody(me.userId, { discountCode: 'stripe10', requestId: 'req-000001' }));
    expect(again.body.paymentIntentId).toBe(res.body.paymentIntentId);
    expect(pay.standin.intents.size).toBe(before);
  });

  it('confirm records only a succeeded intent of the caller; confirm + webhooks in any number → one purchase', async () => {
    const me = await signupHost(api);
    const other = await signupHost(api);
    const res = await buy(api, me.token, purchaseBody(me.userId));
    const piId = res.body.paymentIntentId as string;

    expect((await api('POST', '/api/payments/confirm', { paymentIntentId: piId }, me.token)).status).toBe(402);
    // A signed webhook for an unpaid intent: the server re-reads it from Stripe and records nothing.
    expect((await webhook(piId)).status).toBe(200);
    expect(await countPurchases(pay.server, me.userId)).toBe(0);
    // Dev card endpoint is off when Stripe is configured.
    expect((await api('POST', '/api/payments/dev/confirm-card', { paymentIntentId: piId, cardNumber: '4242424242424242' }, me.token)).status).toBe(404);

    await pay.stripe.paymentIntents.confirm(piId, { payment_method: 'pm_card_visa' });
    expect((await api('POST', '/api/payments/confirm', { paymentIntentId: piId }, other.token)).status).toBe(403);
    expect(await countPurchases(pay.server, other.userId)).toBe(0);

    const results = await Promise.all([
      api<{ id: string }>('POST', '/api/payments/confirm', { paymentIntentId: piId }, me.token),
      webhook(piId),
      api<{ id: string }>('POST', '/api/payments/confirm', { paymentIntentId: piId }, me.token),
      webhook(piId),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const rows = await pay.server.ctx.db.selectFrom('purchases').selectAll().where('payment_intent_id', '=', piId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: me.userId, amount_paid_cents: 2999, provider: 'stripe' });
  });

  it('rejects a badly signed webhook and records nothing; a replayed good webhook records once; confirm later finds it', async () => {
    const me = await signupHost(api);
    const res = await buy(api, me.token, purchaseBody(me.userId, { pricingTierId: TIERS.large.id, playerCount: 18 }));
    const piId = res.body.paymentIntentId as string;
    await pay.stripe.paymentIntents.confirm(piId, { payment_method: 'pm_card_visa' });

    const forged = await webhook(piId, { secret: 'whsec_not_the_right_one' });
    expect(forged.status).toBe(400);
    const unsigned = await fetch(`${pay.server.url}/api/payments/webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(unsigned.status).toBe(400);
    expect(await countPurchases(pay.server, me.userId)).toBe(0);

    for (let i = 0; i < 3; i++) expect((await webhook(piId)).status).toBe(200);
    expect(await countPurchases(pay.server, me.userId)).toBe(1);
    const confirm = await api<{ id: string; kind: string }>('POST', '/api/payments/confirm', { paymentIntentId: piId }, me.token);
    expect(confirm.body.kind).toBe('purchase');
    expect(await countPurchases(pay.server, me.userId)).toBe(1);
    const dash = await api<Array<{ user_purchases: Array<{ amountPaidCents: number; characterLimit: number }> }>>('GET', '/api/dashboard/purchased-storylines', undefined, me.token);
    expect(dash.body[0]?.user_purchases[0]).toMatchObject({ amountPaidCents: 4999, characterLimit: 20 });
  });

  it('a stripe prepurchase is recorded from the webhook with the tier price', async () => {
    const me = await signupHost(api);
    const res = await api<Record<string, unknown>>(
      'POST',
      '/api/payments/create-prepurchase-intent',
      { userId: me.userId, storylineId: SOON, pricingTierId: TIERS.soon.id, playerCount: 10, email: 'early@example.com', amountCents: 5 },
      me.token,
    );
    expect(res.body).toMatchObject({ provider: 'stripe', amountCents: 1999 });
    const piId = res.body.paymentIntentId as string;
    await pay.stripe.paymentIntents.confirm(piId, { payment_method: 'pm_card_visa' });
    await webhook(piId);
    await webhook(piId);
    const rows = await pay.server.ctx.db.selectFrom('prepurchases').selectAll().where('payment_intent_id', '=', piId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount_cents: 1999, email: 'early@example.com', provider: 'stripe' });
  });
});
