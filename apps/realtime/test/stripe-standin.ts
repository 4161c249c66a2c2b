import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in of Stripe's PaymentIntents endpoints (create, retrieve, confirm), enough for the real `stripe`
 * SDK pointed at it with STRIPE_API_BASE. No package ships stripe-mock offline, so this is the test double of an
 * external service; our own server and database are never mocked. It checks the secret key and honours
 * Idempotency-Key like Stripe (same key → same intent).
 */
export interface StandinIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'succeeded' | 'canceled';
  client_secret: string;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

export interface StripeStandin {
  url: string;
  secretKey: string;
  intents: Map<string, StandinIntent>;
  /** Number of POST /v1/payment_intents requests (replays included). */
  createRequests: number;
  /** Plays the browser's card step (Stripe.js confirmCardPayment) or edits an intent directly. */
  setStatus(id: string, status: StandinIntent['status']): StandinIntent;
  close(): Promise<void>;
}

/** Parses Stripe's form encoding (`metadata[userId]=…`, `automatic_payment_methods[enabled]=true`), one level deep. */
function parseForm(body: string): Record<string, string | Record<string, string>> {
  const out: Record<string, string | Record<string, string>> = {};
  for (const [k, v] of new URLSearchParams(body)) {
    const m = /^([^[]+)\[([^\]]+)\]$/.exec(k);
    if (m && m[1] && m[2]) {
      const inner = (typeof out[m[1]] === 'object' ? out[m[1]] : {}) as Record<string, string>;
      inner[m[2]] = v;
      out[m[1]] = inner;
    } else out[k] = v;
  }
  return out;
}

export async function startStripeStandin(secretKey = `sk_test_${randomBytes(8).toString('hex')}`): Promise<StripeStandin> {
  const intents = new Map<string, StandinIntent>();
  const idempotent = new Map<string, string>();
  const state = { createRequests: 0 };

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
    res.end(JSON.stringify(body));
  };
  const error = (res: http.ServerResponse, status: number, type: string, message: string, code?: string) =>
    send(res, status, { error: { type, message, ...(code ? { code } : {}) } });

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        return error(res, 401, 'invalid_request_error', 'Invalid API Key provided');
      }
      const url = new URL(req.url ?? '/', 'http://standin');
      const parts = url.pathname.split('/').filter(Boolean); // v1, payment_intents, id?, action?
      if (parts[0] !== 'v1' || parts[1] !== 'payment_intents') return error(res, 404, 'invalid_request_error', 'Unrecognized request URL');
      const form = parseForm(raw);

      if (req.method === 'POST' && parts.length === 2) {
        state.createRequests++;
        const key = req.headers['idempotency-key'];
        const replay = typeof key === 'string' ? idempotent.get(key) : undefined;
        if (replay) return send(res, 200, intents.get(replay));
        const amount = Number(form.amount);
        if (!Number.isInteger(amount) || amount < 1) return error(res, 400, 'invalid_request_error', 'Invalid amount', 'parameter_invalid_integer');
        const id = `pi_${randomBytes(12).toString('hex')}`;
        const intent: StandinIntent = {
          id,
          object: 'payment_intent',
          amount,
          amount_received: 0,
          currency: typeof form.currency === 'string' ? form.currency : 'usd',
          status: 'requires_payment_method',
          client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
          metadata: typeof form.metadata === 'object' ? form.metadata : {},
          created: Math.floor(Date.now() / 1000),
          livemode: false,
        };
        intents.set(id, intent);
        if (typeof key === 'string') idempotent.set(key, id);
        return send(res, 200, intent);
      }
      const intent = parts[2] ? intents.get(parts[2]) : undefined;
      if (!intent) return error(res, 404, 'invalid_request_error', `No such payment_intent: '${parts[2] ?? ''}'`, 'resource_missing');
      if (req.method === 'GET' && parts.length === 3) return send(res, 200, intent);
      if (req.method === 'POST' && parts[3] === 'confirm') {
        if (form.payment_method === 'pm_card_chargeDeclined') {
          return error(res, 402, 'card_error', 'Your card was declined.', 'card_declined');
        }
        intent.status = 'succeeded';
        intent.amount_received = intent.amount;
        return send(res, 200, intent);
      }
      return error(res, 404, 'invalid_request_error', 'Unrecognized request URL');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    intents,
    get createRequests() {
      return state.createRequests;
    },
    setStatus(id, status) {
      const i = intents.get(id);
      if (!i) throw new Error(`no intent ${id}`);
      i.status = status;
      i.amount_received = status === 'succeeded' ? i.amount : 0;
      return i;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
