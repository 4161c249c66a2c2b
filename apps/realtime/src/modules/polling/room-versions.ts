import type { Server } from 'socket.io';
import type { IO } from '../../plugins/socket.js';
import type { GameBroadcaster } from '../game-runtime/broadcaster.js';

/** Instance-to-instance messages of this module (Socket.IO serverSideEmit, carried by the Redis adapter). */
interface RoomVersionEvents {
  /** Pairs of [gameId, version]: every room that changed in one tick, in one message. */
  'room:versions': (changes: [string, number][]) => void;
}

interface Waiter {
  after: number;
  wake(): void;
}

/**
 * "A room reached version N", heard on every instance: the local broadcaster reports each publish, and the same
 * news goes to the other instances through the socket adapter, so a long poll held by one instance is released
 * by a command applied on another.
 */
export interface RoomVersions {
  /**
   * Resolves true as soon as the game passes version `after` (or is deleted), false after `timeoutMs` or when
   * `signal` aborts. Register before reading the room so a change between the read and the wait is not missed.
   */
  waitPast(gameId: string, after: number, timeoutMs: number, signal?: AbortSignal): Promise<boolean>;
  /** How many waits are held right now (metrics, tests). */
  pending(): number;
  /** Wraps the game broadcaster so every publish and deletion is reported here. */
  observe(broadcaster: GameBroadcaster): GameBroadcaster;
}

/** `clustered`: other instances share the socket adapter (Redis), so changes are announced to them too. */
export function createRoomVersions(io: IO, clustered: boolean): RoomVersions {
  const waiters = new Map<string, Set<Waiter>>();
  let count = 0;
  const cluster = io as unknown as Server<Record<string, never>, Record<string, never>, RoomVersionEvents>;

  const reached = (gameId: string, version: number) => {
    const set = waiters.get(gameId);
    if (!set) return;
    for (const w of [...set]) if (version > w.after) w.wake();
  };
  cluster.on('room:versions', (changes) => {
    for (const [gameId, version] of changes) reached(gameId, version);
  });
  // A commit changes many rooms at once: the other instances hear of all of them in one message per tick, not
  // one stream entry per room.
  let outbox: [string, number][] = [];
  const announce = (gameId: string, version: number) => {
    reached(gameId, version);
    if (!clustered) return;
    if (outbox.length === 0) {
      setImmediate(() => {
        const changes = outbox;
        outbox = [];
        cluster.serverSideEmit('room:versions', changes);
      });
    }
    outbox.push([gameId, version]);
  };

  return {
    waitPast(gameId, after, timeoutMs, signal) {
      return new Promise<boolean>((resolve) => {
        let set = waiters.get(gameId);
        if (!set) waiters.set(gameId, (set = new Set()));
        const done = (passed: boolean) => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          set.delete(waiter);
          count -= 1;
          if (set.size === 0 && waiters.get(gameId) === set) waiters.delete(gameId);
          resolve(passed);
        };
        const onAbort = () => done(false);
        const waiter: Waiter = { after, wake: () => done(true) };
        const timer = setTimeout(() => done(false), timeoutMs);
        set.add(waiter);
        count += 1;
        signal?.addEventListener('abort', onAbort, { once: true });
        if (signal?.aborted) done(false);
      });
    },
    pending: () => count,
    observe(broadcaster) {
      // Everything else the broadcaster does is inherited untouched.
      const wrapped = Object.create(broadcaster) as GameBroadcaster;
      wrapped.publish = (before, after, storyline, events) => {
        const privatePushes = broadcaster.publish(before, after, storyline, events);
        announce(after.game.id, after.version);
        return privatePushes;
      };
      wrapped.deleted = (gameId) => {
        broadcaster.deleted(gameId);
        announce(gameId, Number.MAX_SAFE_INTEGER);
      };
      return wrapped;
    },
  };
}
