import { AppError } from '../lib/app-error.js';
import { closeRedisClient, createRedisClient, FAIL_FAST, UNAVAILABLE_MESSAGE, whenReady } from '../lib/redis-client.js';
import { ZGameState, joinParts, partsSince, stateParts, type TGameState } from '@ss/protocol';
import { createBoundedCache } from '../lib/bounded-cache.js';
import { deepFreeze } from '../lib/deep-freeze.js';
import type { LiveStore } from './live-store.js';

const key = (gameId: string) => `ss:live:${gameId}`;
/** A room is a hash: its version under `v`, and the JSON of each top-level part of its state under `p:<part>`. */
const PART = 'p:';

// Both scripts compare-and-set on the version, so a slow writer never overwrites a newer room.
// A whole room: replaces every field (a part the state no longer has goes).
const PUT_SCRIPT = `
local cur = redis.call('HGET', KEYS[1], 'v')
if cur and tonumber(cur) > tonumber(ARGV[1]) then return 0 end
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'v', ARGV[1], unpack(ARGV, 3))
redis.call('EXPIRE', KEYS[1], ARGV[2])
return 1`;
// The parts that changed since the version the writer put last (ARGV[2]); written only over exactly that version,
// else -1 and the writer sends the whole room.
const PATCH_SCRIPT = `
local cur = redis.call('HGET', KEYS[1], 'v')
if not cur then return -1 end
if tonumber(cur) > tonumber(ARGV[1]) then return 0 end
if tonumber(cur) ~= tonumber(ARGV[2]) then return -1 end
redis.call('HSET', KEYS[1], 'v', ARGV[1], unpack(ARGV, 4))
redis.call('EXPIRE', KEYS[1], ARGV[3])
return 1`;

type Script = (key: string, ...args: (string | number)[]) => Promise<number>;
const fields = (parts: readonly [string, string][]) => parts.flatMap(([part, json]) => [PART + part, json]);

export function createRedisLiveStore(url: string): LiveStore {
  const parsedRooms = createBoundedCache<string, TGameState>(10_000);
  const redis = createRedisClient(url, 'live rooms', { ...FAIL_FAST, enableAutoPipelining: true });
  // Sent as EVALSHA (the script text travels once, not with every write).
  redis.defineCommand('putRoom', { numberOfKeys: 1, lua: PUT_SCRIPT });
  redis.defineCommand('patchRoom', { numberOfKeys: 1, lua: PATCH_SCRIPT });
  const scripts = redis as typeof redis & { putRoom: Script; patchRoom: Script };
  /**
   * The room this instance sent last per game, written or not yet: the base of its next patch. Commands of one
   * game are written in commit order on this one connection, so a patch sent right behind a write builds on it.
   */
  const sent = createBoundedCache<string, TGameState>(10_000);
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
      const hash = await available(() => redis.hgetall(key(gameId)));
      if (hash.v === undefined) return null;
      const parts = Object.entries(hash).flatMap(([field, json]) => (field.startsWith(PART) ? [[field.slice(PART.length), json] as const] : []));
      const parsed = ZGameState.safeParse(JSON.parse(joinParts(parts)));
      if (!parsed.success) return null;
      const room = deepFreeze(parsed.data);
      parsedRooms.set(gameId, room);
      return room;
    },
    async put(room, ttl) {
      // Frozen before it is serialised: the JSON of its parts is then kept for the next versions that share them.
      const frozen = deepFreeze(room);
      const id = room.game.id;
      // Under load a game's room is written once per commit, and a ballot changes one part of it (the vote, a
      // third of the room): only the parts that are not the very same objects as in the room sent before go.
      const base = sent.get(id) ?? parsedRooms.get(id);
      sent.set(id, frozen);
      const patch = base && base.version < room.version ? partsSince(frozen, base) : null;
      const res = await available(async () => {
        if (base && patch) {
          const patched = await scripts.patchRoom(key(id), room.version, base.version, ttl, ...fields(patch));
          if (patched !== -1) return patched;
        }
        return scripts.putRoom(key(id), room.version, ttl, ...fields(stateParts(frozen)));
      });
      // The writer's own rooms are read back without a parse (the engine never changes a state in place).
      if (res === 1) parsedRooms.set(id, frozen);
      return res === 1;
    },
    async delete(gameId) {
      parsedRooms.delete(gameId);
      sent.delete(gameId);
      await available(() => redis.del(key(gameId)));
    },
    async ping() {
      await available(() => redis.ping());
    },
    isUp() {
      return redis.status === 'ready';
    },
    async close() {
      await closeRedisClient(redis);
    },
  };
}
