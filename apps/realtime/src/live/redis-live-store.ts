import { AppError } from '../lib/app-error.js';
import { createRedisClient, FAIL_FAST, UNAVAILABLE_MESSAGE, whenReady } from '../lib/redis-client.js';
import { ZLiveRoom, stateJson, type TLiveRoom } from '@ss/protocol';
import { createBoundedCache } from '../lib/bounded-cache.js';
import { deepFreeze } from '../lib/deep-freeze.js';
import type { LiveStore } from './live-store.js';

const key = (gameId: string) => `ss:room:${gameId}`;

// Compare-and-set on the version so a slow writer never overwrites a newer snapshot.
const PUT_SCRIPT = `
local cur = redis.call('HGET', KEYS[1], 'v')
if cur and tonumber(cur) > tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[1], 'v', ARGV[1], 'room', ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[3])
return 1`;

export function createRedisLiveStore(url: string): LiveStore {
  const parsedRooms = createBoundedCache<string, TLiveRoom>(10_000);
  const redis = createRedisClient(url, 'live rooms', { ...FAIL_FAST, enableAutoPipelining: true });
  // Sent as EVALSHA (the script text travels once, not with every write).
  redis.defineCommand('putRoom', { numberOfKeys: 1, lua: PUT_SCRIPT });
  const putRoom = (redis as typeof redis & { putRoom(key: string, version: number, room: string, ttl: number): Promise<number> }).putRoom.bind(redis);
  // The fail-fast client refuses commands until connected: the first ones after start-up wait for it (10 s at most).
  const firstConnection = whenReady(redis).catch(() => undefined);
  /** Any Redis failure (down, slow) becomes one 503 the caller can retry; a command fails before it writes anything. */
  const available = async <T>(op: () => Promise<T>): Promise<T> => {
    await firstConnection;
    try {
      return await op();
    } catch (err) {
      throw new AppError('UNAVAILABLE', UNAVAILABLE_MESSAGE, {}, { cause: err });
    }
  };
  return {
    kind: 'redis',
    async get(gameId) {
      // Reads of an unchanged room skip the JSON parse and schema check: only the version is fetched.
      const cached = parsedRooms.get(gameId);
      if (cached) {
        const v = await available(() => redis.hget(key(gameId), 'v'));
        if (v !== null && Number(v) === cached.version) return cached;
      }
      const raw = await available(() => redis.hget(key(gameId), 'room'));
      if (!raw) return null;
      const parsed = ZLiveRoom.safeParse(JSON.parse(raw));
      if (!parsed.success) return null;
      const room = deepFreeze(parsed.data);
      parsedRooms.set(gameId, room);
      return room;
    },
    async put(room, ttl) {
      // Frozen before it is serialised: the JSON of its parts is then kept for the next versions that share them.
      const frozen = deepFreeze(room);
      const res = await available(() => putRoom(key(room.game.id), room.version, stateJson(frozen), ttl));
      // The writer's own rooms are read back without a parse (the engine never changes a state in place).
      if (res === 1) parsedRooms.set(room.game.id, frozen);
      return res === 1;
    },
    async delete(gameId) {
      parsedRooms.delete(gameId);
      await available(() => redis.del(key(gameId)));
    },
    async ping() {
      await available(() => redis.ping());
    },
    isUp() {
      return redis.status === 'ready';
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
