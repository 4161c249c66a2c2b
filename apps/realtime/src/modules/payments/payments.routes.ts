import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import {
  ZConfirmPaymentRequest,
  ZConfirmPaymentResponse,
  ZCreateIntentRequest,
  ZCreateIntentResponse,
  ZCreatePrepurchaseIntentRequest,
  ZCreatePrepurchaseIntentResponse,
  ZDevConfirmCardRequest,
  ZDevConfirmCardResponse,
  ZPaymentDisputeList,
  ZPaymentsConfig,
  ZPurchasedStorylineList,
  ZStripeWebhookAck,
  ZStripeWebhookEvent,
} from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { moduleRoutes, routeSchemas } from '../../plugins/route-schemas.js';
import { userOf } from '../../plugins/auth-door.js';
import { AppError } from '../../lib/app-error.js';
import { createStripeClient } from './stripe-client.js';
import { handleStripeEvent, listDisputes } from './stripe-events.js';
import {
  confirmPayment,
  createIntent,
  createPrepurchaseIntent,
  devConfirmCard,
  purchasedStorylines,
  type PaymentsDeps,
} from './payments.service.js';

export async function paymentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const deps: PaymentsDeps = { ctx, stripe: createStripeClient(ctx.config) };
  const { api, schema } = moduleRoutes(app, ['purchases']);

  const configSchema = schema('Payment provider and publishable key', { response: { 200: ZPaymentsConfig } });
  api.get('/api/payments/config', { schema: configSchema }, async () =>
    deps.stripe
      ? { provider: 'stripe' as const, publishableKey: ctx.config.STRIPE_PUBLISHABLE_KEY ?? null }
      : { provider: 'dev' as const, publishableKey: null },
  );

  const intentSchema = schema('Quote and start paying for a game', { body: ZCreateIntentRequest, response: { 200: ZCreateIntentResponse } });
  api.post('/api/payments/create-intent', { config: { access: 'user' }, schema: intentSchema }, async (req) => {
    const user = userOf(req);
    // A discount code is checked here as on every route that checks one: limited per address and per account.
    return createIntent(deps, user, req.body, async () => {
      await ctx.doors.hit('discountAddress', req.ip);
      await ctx.doors.hit('discountAccount', user.userId);
      return { detailed: user.role === 'admin' };
    });
  });

  const prepurchaseSchema = schema('Quote and start buying a storyline tier', { body: ZCreatePrepurchaseIntentRequest, response: { 200: ZCreatePrepurchaseIntentResponse } });
  api.post('/api/payments/create-prepurchase-intent', { config: { access: 'user' }, schema: prepurchaseSchema }, async (req) => {
    const user = userOf(req);
    return createPrepurchaseIntent(deps, user, req.body);
  });

  const cardSchema = schema('Dev provider only: pay with a test card number', { body: ZDevConfirmCardRequest, response: { 200: ZDevConfirmCardResponse } });
  api.post('/api/payments/dev/confirm-card', { config: { access: 'user' }, schema: cardSchema }, async (req) => {
    const user = userOf(req);
    return devConfirmCard(deps, user, req.body);
  });

  const confirmSchema = schema('Record a succeeded payment', { body: ZConfirmPaymentRequest, response: { 200: ZConfirmPaymentResponse } });
  api.post('/api/payments/confirm', { config: { access: 'user' }, schema: confirmSchema }, async (req) => {
    const user = userOf(req);
    return confirmPayment(deps, user, req.body.paymentIntentId);
  });

  const disputesSchema = routeSchemas(['admin']).schema('Disputed payments (chargebacks), newest first', { response: { 200: ZPaymentDisputeList } });
  api.get('/api/admin/payment-disputes', { config: { access: 'admin' }, schema: disputesSchema }, async () => {
    return listDisputes(ctx);
  });

  const purchasedSchema = schema("The host's purchases", { response: { 200: ZPurchasedStorylineList } });
  api.get('/api/dashboard/purchased-storylines', { config: { access: 'user' }, schema: purchasedSchema }, async (req) => {
    const user = userOf(req);
    return purchasedStorylines(ctx, user.userId);
  });

  // The webhook lives in its own scope: its body must stay the raw bytes Stripe signed, so this scope swaps the
  // JSON parser for one that keeps the Buffer. Other routes keep the normal JSON parsing.
  await app.register(async (hook) => {
    hook.removeAllContentTypeParsers();
    hook.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

    const webhookSchema = schema('Stripe webhook (signed with STRIPE_WEBHOOK_SECRET; each event handled once)', {
      body: ZStripeWebhookEvent,
      response: { 200: ZStripeWebhookAck },
    });
    // The body schema documents the event; the signature over the raw bytes is what is checked, so it is not validated.
    const documentedOnly: FastifySchemaCompiler<unknown> = () => (value) => ({ value });
    hook.post('/api/payments/webhook', { schema: webhookSchema, validatorCompiler: documentedOnly }, async (req, reply) => {
      const secret = ctx.config.STRIPE_WEBHOOK_SECRET;
      if (!deps.stripe || !secret) throw new AppError('NOT_FOUND', 'Stripe webhooks are not configured');
      const signature = req.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(req.body)) {
        throw new AppError('BAD_REQUEST', 'Missing Stripe signature');
      }
      let event;
      try {
        event = deps.stripe.webhooks.constructEvent(req.body, signature, secret);
      } catch {
        throw new AppError('BAD_REQUEST', 'Invalid webhook signature');
      }
      try {
        return reply.send(await handleStripeEvent(deps, event));
      } catch (err) {
        // A 4xx here is permanent (not our intent, not succeeded): answer 200 so Stripe stops retrying.
        // Anything else (database down) is a 5xx and Stripe retries later.
        if (err instanceof AppError && err.status < 500) {
          req.log.warn({ err, eventId: event.id }, 'stripe webhook ignored');
          return reply.send({ received: true, ignored: err.message });
        }
        throw err;
      }
    });
  });
}
