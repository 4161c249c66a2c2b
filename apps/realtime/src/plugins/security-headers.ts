import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
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
  const headers = await headersOf({
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
  // The same headers on every answer, set as helmet sets them (on the raw response, so errors and files get them).
  app.addHook('onRequest', (_req, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  app.addHook('onSend', async (req, reply) => {
    if (req.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
}

/**
 * The headers helmet writes for these options, asked once: helmet builds its middleware (and parses the policy)
 * on every request, a cost of its own on each ballot and poll, for headers that never change.
 */
async function headersOf(options: FastifyHelmetOptions): Promise<[string, string | number | readonly string[]][]> {
  const probe = Fastify();
  await probe.register(helmet, { ...options, global: true });
  let written: [string, string | number | readonly string[]][] = [];
  probe.addHook('onRequest', (_req, reply, done) => {
    written = Object.entries(reply.raw.getHeaders()).flatMap(([name, value]) => (value === undefined ? [] : [[name, value] as [string, string | number | readonly string[]]]));
    done();
  });
  probe.get('/', async () => '');
  await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  if (written.length === 0) throw new Error('security headers: helmet wrote none');
  return written;
}
