import Stripe from 'stripe';
import type { Config } from '../../env.js';

/**
 * The Stripe SDK when STRIPE_SECRET_KEY is set, else null (the dev provider is used). STRIPE_API_BASE points the SDK at
 * a local stand-in in tests; production leaves it unset and talks to api.stripe.com.
 */
export function createStripeClient(config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE'>): Stripe | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  if (!config.STRIPE_API_BASE) return new Stripe(config.STRIPE_SECRET_KEY, { maxNetworkRetries: 2 });
  const base = new URL(config.STRIPE_API_BASE);
  const protocol = base.protocol === 'https:' ? 'https' : 'http';
  return new Stripe(config.STRIPE_SECRET_KEY, {
    host: base.hostname,
    port: base.port ? Number(base.port) : protocol === 'https' ? 443 : 80,
    protocol,
    maxNetworkRetries: 0,
  });
}
