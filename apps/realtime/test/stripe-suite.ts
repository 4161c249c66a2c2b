import Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';
import { seedPaymentFixtures } from './payment-fixtures.js';
import { startStripeStandin, type StripeStandin } from './stripe-standin.js';
import { serverForSuite, type SuiteServer } from './suite-server.js';

export interface StripeSuite extends SuiteServer {
  readonly standin: StripeStandin;
  /** Stripe's own SDK against the stand-in: plays Stripe.js in the browser and signs events as Stripe does. */
  readonly stripe: Stripe;
  /** Posts an event body to our webhook, signed with `secret` (by default the one the server checks). */
  postEvent(payload: string, secret?: string): Promise<Response>;
}

/**
 * A describe block's server whose payments go to a fresh local Stripe stand-in (real SDK on both sides), with
 * webhooks checked against `webhookSecret` and the payment fixtures seeded. The stand-in starts first and stops
 * last, so the server never talks to a stopped one.
 */
export function stripeSuite(webhookSecret: string, env: Record<string, string> = {}): StripeSuite {
  let running: { standin: StripeStandin; stripe: Stripe } | undefined;
  beforeAll(async () => {
    const standin = await startStripeStandin();
    const u = new URL(standin.url);
    const stripe = new Stripe(standin.secretKey, { host: u.hostname, port: Number(u.port), protocol: 'http', maxNetworkRetries: 0 });
    running = { standin, stripe };
  });
  afterAll(async () => running?.standin.close());
  const live = () => {
    if (!running) throw new Error('the Stripe stand-in starts in beforeAll: read it inside a hook or a test');
    return running;
  };
  const suite = serverForSuite(() => ({
    env: {
      ...env,
      STRIPE_SECRET_KEY: live().standin.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: live().standin.url,
    },
  }));
  beforeAll(async () => seedPaymentFixtures(suite.server));
  return {
    get server() {
      return suite.server;
    },
    api: suite.api,
    get standin() {
      return live().standin;
    },
    get stripe() {
      return live().stripe;
    },
    postEvent(payload, secret = webhookSecret) {
      const header = live().stripe.webhooks.generateTestHeaderString({ payload, secret });
      return fetch(`${suite.server.url}/api/payments/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': header },
        body: payload,
      });
    },
  };
}
