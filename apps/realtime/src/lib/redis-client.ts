import { Redis, type RedisOptions } from 'ioredis';
import { infraErrors } from './error-counters.js';

/** Seconds a client is told to wait (Retry-After) when a backing service is briefly unavailable. */
export const RETRY_AFTER_SECONDS = 5;
export const UNAVAILABLE_MESSAGE = 'The game service is briefly unavailable. Please try again in a few seconds.';

/**
 * Options for a connection that serves requests: while Redis is down or slow a command fails at once (no offline
 * queue, one retry, 1 s timeout) so the caller can answer 503 instead of hanging; ioredis keeps reconnecting.
 */
export const FAIL_FAST: RedisOptions = { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 1000, connectTimeout: 2000 };

/**
 * Every Redis connection of the server. Connection errors are logged once per burst instead of ioredis's
 * "Unhandled error event"; ioredis reconnects by itself and commands fail with a clear error meanwhile.
 */
export function createRedisClient(url: string, purpose: string, options: RedisOptions = {}): Redis {
  const client = new Redis(url, { retryStrategy: (times) => Math.min(times * 100, 1000), ...options });
  let lastLog = 0;
  client.on('error', (err: Error) => {
    infraErrors.redis += 1;
    if (Date.now() - lastLog < 10_000) return;
    lastLog = Date.now();
    console.warn(`redis (${purpose}): ${err.message}`);
  });
  return client;
}

/** Resolves once the client is connected (a fail-fast client refuses commands before that); gives up after `ms`. */
export async function whenReady(client: Redis, ms = 10_000): Promise<void> {
  if (client.status === 'ready') return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      client.off('ready', onReady);
      reject(new Error(`Redis did not answer within ${ms / 1000} s`));
    }, ms);
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    client.once('ready', onReady);
  });
}

/**
 * Closes a client once the commands it has sent are answered (waiting `ms` at most): ioredis's quit() with commands
 * still in flight can end the connection with them pending, and their "Connection is closed" rejections then reach
 * no caller (an unhandled rejection at shutdown).
 */
export async function closeRedisClient(client: Redis, ms = 1000): Promise<void> {
  const until = Date.now() + ms;
  while (client.status === 'ready' && client.commandQueue.length > 0 && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await client.quit().catch(() => client.disconnect());
}

/** Errors ioredis raises while the server is unreachable or too slow (as opposed to a bug in a command). */
export function isRedisUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (err.name === 'MaxRetriesPerRequestError') return true;
  return /Stream isn't writeable|Connection is closed|Command timed out|ECONNREFUSED|ECONNRESET|ETIMEDOUT|enableOfflineQueue/i.test(err.message);
}
