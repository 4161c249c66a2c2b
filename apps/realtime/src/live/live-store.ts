import type { TGameState } from '@ss/protocol';

/**
 * The live-room store: the versioned snapshot of each game that REST reads and socket pushes are served from.
 * Two implementations (Redis, in-process) behind one interface, checked by one contract test.
 */
export interface LiveStore {
  readonly kind: 'redis' | 'memory';
  get(gameId: string): Promise<TGameState | null>;
  /** Writes the room unless the store already holds a newer version; returns whether it was written. */
  put(room: TGameState, ttlSeconds: number): Promise<boolean>;
  delete(gameId: string): Promise<void>;
  ping(): Promise<void>;
  /** Whether the store is reachable right now, answered without a round trip (commands refuse at once if not). */
  isUp(): boolean;
  close(): Promise<void>;
}

/** Live rooms of active games live a day past their last change; completed ones an hour. Rebuilt on demand. */
export const LIVE_TTL_ACTIVE = 24 * 3600;
export const LIVE_TTL_DONE = 3600;
export const liveTtl = (room: TGameState) => (room.game.status === 'completed' ? LIVE_TTL_DONE : LIVE_TTL_ACTIVE);
