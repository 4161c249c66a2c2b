import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../env.js';

// Stripe Elements: its script, its iframes and the API it calls, allowed only when Stripe is configured.
const STRIPE_SCRIPT = ['https://js.stripe.com'];
const STRIPE_FRAMES = ['https://js.stripe.com', 'https://hooks.stripe.com'];
const STRIPE_CONNECT = ['https://api.stripe.com'];

/**
 * Response headers for every answer: a Content-Security-Policy the built web app passes (scripts only from this
 * origin, never inline; no framing), nosniff, a strict Referrer-Policy, and HSTS only on HTTPS requests (behind a
 * proxy, X-Forwarded-Proto counts only when TRUST_PROXY trusts that proxy).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const stripe = !!config.STRIPE_PUBLISHABLE_KEY;
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(stripe ? STRIPE_SCRIPT : [])],
        // Radix's scroll lock writes a <style> element at run time; styles cannot run code.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'"],
        connectSrc: ["'self'", ...(stripe ? STRIPE_CONNECT : [])],
        frameSrc: stripe ? STRIPE_FRAMES : ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
      },
    },
    // Stripe's iframes and the socket are cross-origin-isolation-unfriendly; COEP stays off.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onSend', async (req, reply) => {
    if (req.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
}
