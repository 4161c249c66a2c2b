import { Redis, type RedisOptions } from 'ioredis';

/**
 * Every Redis connection of the server. Connection errors are logged once per burst instead of ioredis's
 * "Unhandled error event"; ioredis reconnects by itself and commands fail with a clear error meanwhile.
 */
export function createRedisClient(url: string, purpose: string, options: RedisOptions = {}): Redis {
  const client = new Redis(url, options);
  let lastLog = 0;
  client.on('error', (err: Error) => {
    if (Date.now() - lastLog < 10_000) return;
    lastLog = Date.now();
    console.warn(`redis (${purpose}): ${err.message}`);
  });
  return client;
}
