import type { TGameState } from '@ss/protocol';
import type { LiveStore } from './live-store.js';
import { deepFreeze } from '../lib/deep-freeze.js';

export function createMemoryLiveStore(): LiveStore {
  const rooms = new Map<string, { room: TGameState; expiresAt: number }>();
  return {
    kind: 'memory',
    async get(gameId) {
      const hit = rooms.get(gameId);
      if (!hit) return null;
      if (hit.expiresAt < Date.now()) {
        rooms.delete(gameId);
        return null;
      }
      return hit.room;
    },
    async put(room, ttl) {
      const cur = rooms.get(room.game.id);
      if (cur && cur.room.version > room.version && cur.expiresAt >= Date.now()) return false;
      // Stored frozen, not copied: the engine never changes a state in place (evolve answers new objects and
      // shares the untouched parts), so readers share the writer's object, and an accidental mutation throws.
      rooms.set(room.game.id, { room: deepFreeze(room), expiresAt: Date.now() + ttl * 1000 });
      return true;
    },
    async delete(gameId) {
      rooms.delete(gameId);
    },
    async ping() {},
    isUp: () => true,
    async close() {
      rooms.clear();
    },
  };
}

