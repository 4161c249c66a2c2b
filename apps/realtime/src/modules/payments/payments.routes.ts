import type { FastifyInstance } from 'fastify';
import {
  ZConfirmPaymentRequest,
  ZDevConfirmCardRequest,
  type TCreateIntentResponse,
  type TCreatePrepurchaseIntentResponse,
  type TConfirmPaymentResponse,
  type TPaymentsConfig,
  type TPaymentDispute,
  type TPurchasedStoryline,
} from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { userOf } from '../../plugins/auth-door.js';
import { AppError } from '../../lib/app-error.js';
import { parseInput } from '../../lib/validate.js';
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

  app.get('/api/payments/config', async (): Promise<TPaymentsConfig> =>
    deps.stripe
      ? { provider: 'stripe', publishableKey: ctx.config.STRIPE_PUBLISHABLE_KEY ?? null }
      : { provider: 'dev', publishableKey: null },
  );

  app.post('/api/payments/create-intent', { config: { access: 'user' } }, async (req): Promise<TCreateIntentResponse> => {
    const user = userOf(req);
    // A discount code is checked here as on every route that checks one: limited per address and per account.
    return createIntent(deps, user, req.body, async () => {
      await ctx.doors.hit('discountAddress', req.ip);
      await ctx.doors.hit('discountAccount', user.userId);
      return { detailed: user.role === 'admin' };
    });
  });

  app.post('/api/payments/create-prepurchase-intent', { config: { access: 'user' } }, async (req): Promise<TCreatePrepurchaseIntentResponse> => {
    const user = userOf(req);
    return createPrepurchaseIntent(deps, user, req.body);
  });

  app.post('/api/payments/dev/confirm-card', { config: { access: 'user' } }, async (req) => {
    const user = userOf(req);
    return devConfirmCard(deps, user, parseInput(ZDevConfirmCardRequest, req.body));
  });

  app.post('/api/payments/confirm', { config: { access: 'user' } }, async (req): Promise<TConfirmPaymentResponse> => {
    const user = userOf(req);
    const { paymentIntentId } = parseInput(ZConfirmPaymentRequest, req.body);
    return confirmPayment(deps, user, paymentIntentId);
  });

  app.get('/api/admin/payment-disputes', { config: { access: 'admin' } }, async (): Promise<TPaymentDispute[]> => {
    return listDisputes(ctx);
  });

  app.get('/api/dashboard/purchased-storylines', { config: { access: 'user' } }, async (req): Promise<TPurchasedStoryline[]> => {
    const user = userOf(req);
    return purchasedStorylines(ctx, user.userId);
  });

  // The webhook lives in its own scope: its body must stay the raw bytes Stripe signed, so this scope swaps the
  // JSON parser for one that keeps the Buffer. Other routes keep the normal JSON parsing.
  await app.register(async (hook) => {
    hook.removeAllContentTypeParsers();
    hook.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

    hook.post('/api/payments/webhook', async (req, reply) => {
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
