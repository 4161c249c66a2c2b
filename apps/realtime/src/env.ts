import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const appRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(appRoot, '../..');

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalUrl = (protocols: string[]) =>
  z.preprocess(
    emptyToUndefined,
    z
      .url({ error: 'must be a URL' })
      .refine((u) => protocols.some((p) => u.startsWith(`${p}:`)), { error: `must start with ${protocols.join(': or ')}:` })
      .optional(),
  );

const ZProxyAddress = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], {
  error: 'must be false, a hop count, or comma-separated proxy addresses/CIDRs',
});
const ZTrustProxy = z
  .union([z.boolean(), z.string()])
  .transform((v, ctx): false | number | string[] => {
    const s = String(v).trim().toLowerCase();
    if (s === 'false' || s === 'off' || s === '0') return false;
    if (/^\d+$/.test(s)) return Number(s);
    const list = s.split(',').map((x) => x.trim()).filter(Boolean);
    const bad = list.find((x) => !ZProxyAddress.safeParse(x).success);
    if (bad !== undefined || list.length === 0) {
      ctx.addIssue({ code: 'custom', message: `must be false, a hop count, or comma-separated proxy addresses/CIDRs (got "${bad ?? s}")` });
      return z.NEVER;
    }
    return list;
  });

const ZEnv = z.object({
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default(path.join(repoRoot, '.data'))),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  REDIS_URL: optionalUrl(['redis', 'rediss']),
  JWT_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, { error: 'must be at least 32 characters (256 bits)' }).optional(),
  ),
  STRIPE_SECRET_KEY: z.preprocess(emptyToUndefined, z.string().startsWith('sk_', { error: 'must start with sk_' }).optional()),
  STRIPE_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().startsWith('whsec_', { error: 'must start with whsec_' }).optional()),
  STRIPE_PUBLISHABLE_KEY: z.preprocess(emptyToUndefined, z.string().startsWith('pk_', { error: 'must start with pk_' }).optional()),
  /** Test-only: where the Stripe SDK sends requests (a local stand-in). Format http://host:port */
  STRIPE_API_BASE: optionalUrl(['http', 'https']),
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('Seekers & Shadows <reports@seekers.local>')),
  ADMIN_EMAILS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default('')
      .transform((s) =>
        s
          .split(',')
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      ),
  ),
  PUBLIC_URL: optionalUrl(['http', 'https']),
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
  /** Rate limit for auth and join, requests per minute per IP. */
  AUTH_RATE_LIMIT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(30)),
  /** Game creations per host per hour. */
  GAME_CREATE_LIMIT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(30)),
  /**
   * Which proxies may name the client in X-Forwarded-For: unset/`false` trusts none (the socket's address is the
   * client), a number trusts that many hops, or a comma-separated list of proxy addresses/CIDRs.
   */
  TRUST_PROXY: z.preprocess(emptyToUndefined, ZTrustProxy.default(false)),
  /** Sockets one token may hold open on an instance (a seat's newer socket replaces its older one in a game). */
  SOCKETS_PER_TOKEN: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(4)),
  /** Socket handshakes per minute per client address (a tenth of it, at least 20, per token). */
  SOCKET_HANDSHAKES_PER_MINUTE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(200)),
  /** Sockets one client address may hold open on an instance (a party behind one router: ~25). */
  SOCKETS_PER_ADDRESS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(150)),
  REPORT_DELAY_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(0)),
  /** Instances sharing Redis with the same cluster name share socket broadcasts (stream name). */
  CLUSTER_NAME: z.preprocess(emptyToUndefined, z.string().regex(/^[a-z0-9_-]+$/i).default('ss')),
  /** Where storyline content lives (default: apps/realtime/content). Tests point it at a fixture. */
  CONTENT_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
  INSTANCE_ID: z.preprocess(emptyToUndefined, z.string().default(`i-${process.pid}`)),
  /** Who may scrape /metrics without a token: comma-separated IPs or CIDR ranges of the monitoring network. */
  METRICS_ALLOW: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default('127.0.0.1,::1')
      .transform((s) =>
        s
          .split(',')
          .map((e) => e.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], { error: 'must list IP addresses or CIDR ranges' }))),
  ),
  /** A bearer token Prometheus sends to scrape /metrics from anywhere (at least 32 characters). */
  METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(32, { error: 'must be at least 32 characters' }).optional()),
});

export type Config = z.infer<typeof ZEnv> & { JWT_SECRET: string; contentDir: string; webDistDir: string };

export class ConfigError extends Error {}

/** Reads and validates the environment once. A bad value throws ConfigError naming the variable and why. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const cfg = parsed.data;
  return {
    ...cfg,
    JWT_SECRET: cfg.JWT_SECRET ?? persistentSecret(cfg.DATA_DIR),
    contentDir: cfg.CONTENT_DIR ? path.resolve(cfg.CONTENT_DIR) : path.join(appRoot, 'content'),
    webDistDir: path.join(repoRoot, 'apps/web/dist'),
  };
}

/** With no JWT_SECRET, one is generated once and kept under the data dir so tokens survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The folder a command was run from: a `pnpm --filter` script runs inside its package, and pnpm names the original in INIT_CWD. */
export function invocationDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.INIT_CWD ?? process.cwd();
}
