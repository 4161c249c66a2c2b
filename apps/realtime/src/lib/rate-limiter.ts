import type { Redis } from 'ioredis';
import { AppError } from './app-error.js';
import { createBoundedCache } from './bounded-cache.js';

/** One door's limit: at most `max` hits per key in a fixed window of `windowMs`. */
export interface RateRule {
  name: string;
  max: number;
  windowMs: number;
  message?: string;
}

export interface RateLimiter {
  /** Counts one hit for `key` under `rule`; over the limit throws a 429 with Retry-After. */
  hit(rule: RateRule, key: string): Promise<void>;
  /** Refuses (429) when `key` is already over the limit, without counting. */
  check(rule: RateRule, key: string): Promise<void>;
}

interface Count {
  count: number;
  ttlMs: number;
}

// Fixed window: the first hit starts the window; every later hit only counts.
const INCR = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {n, ttl}`;

function localStore() {
  const windows = createBoundedCache<string, { count: number; endsAt: number }>(50_000);
  const current = (key: string, now: number) => {
    const w = windows.get(key);
    return w && w.endsAt > now ? w : undefined;
  };
  return {
    incr(key: string, windowMs: number): Count {
      const now = Date.now();
      const w = current(key, now) ?? { count: 0, endsAt: now + windowMs };
      w.count += 1;
      windows.set(key, w);
      return { count: w.count, ttlMs: w.endsAt - now };
    },
    read(key: string): Count {
      const now = Date.now();
      const w = current(key, now);
      return w ? { count: w.count, ttlMs: w.endsAt - now } : { count: 0, ttlMs: 0 };
    },
  };
}

/**
 * Limits shared by every instance through Redis when there is one. While Redis is unreachable each instance counts
 * on its own (a local store) instead of refusing every request, and goes back to Redis as soon as it answers.
 */
export function createRateLimiter(opts: { redis?: Redis; prefix: string; onFallback?: (err: unknown) => void }): RateLimiter {
  const local = localStore();
  const redis = opts.redis;
  const key = (rule: RateRule, k: string) => `${opts.prefix}${rule.name}:${k}`;

  async function incr(rule: RateRule, k: string): Promise<Count> {
    if (redis) {
      try {
        const [count, ttlMs] = (await redis.eval(INCR, 1, key(rule, k), rule.windowMs)) as [number, number];
        return { count, ttlMs };
      } catch (err) {
        opts.onFallback?.(err);
      }
    }
    return local.incr(key(rule, k), rule.windowMs);
  }

  async function read(rule: RateRule, k: string): Promise<Count> {
    if (redis) {
      try {
        const [count, ttlMs] = await Promise.all([redis.get(key(rule, k)), redis.pttl(key(rule, k))]);
        return { count: Number(count ?? 0), ttlMs: Math.max(0, ttlMs) };
      } catch (err) {
        opts.onFallback?.(err);
      }
    }
    return local.read(key(rule, k));
  }

  const refuse = (rule: RateRule, c: Count) => {
    const retryAfterSeconds = Math.max(1, Math.ceil(c.ttlMs / 1000));
    return new AppError('RATE_LIMITED', rule.message ?? 'Too many attempts. Please wait a moment and try again.', { retryAfterSeconds });
  };

  return {
    async hit(rule, k) {
      const c = await incr(rule, k);
      if (c.count > rule.max) throw refuse(rule, c);
    },
    async check(rule, k) {
      const c = await read(rule, k);
      if (c.count >= rule.max) throw refuse(rule, c);
    },
  };
}
