import { create } from 'zustand';
import { applyPatch, type PatchOp, type TGameView, type TMyCharacterResponse } from '@ss/protocol';

export type ConnectionStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'offline';

export interface RoomError {
  status: number;
  code: string;
  message: string;
}

export interface GameRoomState {
  gameId: string | null;
  /** Public view of the game, from the last snapshot (or a command's answer). */
  game: TGameView | null;
  version: number;
  /** The caller's private view (character, team), when the caller is a player of the game. */
  me: TMyCharacterResponse | null;
  /** The game version as of which `me` is known to be exact (a seat's patch applies only on top of it). */
  meVersion: number;
  /** Ids of players with a live connection. */
  online: string[];
  status: ConnectionStatus;
  /** Why joining the room failed (e.g. 404 → 'Game not found'). */
  error: RoomError | null;
  /** Estimated server clock minus local clock (ms), from snapshots' serverTime: for server-synced countdowns. */
  clockOffsetMs: number;

  /** Start following a game: clears state of another game. */
  select: (gameId: string) => void;
  /** Applies a whole view (join, sync, a command's answer) unless it is older than what we have. */
  applySnapshot: (e: { version: number; game: TGameView }) => 'applied' | 'stale';
  /**
   * Applies a pushed change of the public view (the engine's patch from version `from` to `to`). Answers 'gap'
   * when the store is not at `from` (a push was missed): the caller asks for the changes since its version.
   */
  applyDelta: (e: { gameId: string; from: number; to: number; ops: PatchOp[] }) => 'applied' | 'stale' | 'gap';
  /** Applies a game view from a command's answer (same rule as snapshots). */
  applyGame: (game: TGameView) => void;
  applyMe: (version: number, me: TMyCharacterResponse | null) => void;
  /**
   * Applies a pushed change of the caller's own view (from version `from` to `version`). Answers 'gap' when the
   * store's own view is not exact as of `from`: the caller asks for what it missed (sync answers the whole view).
   */
  patchMe: (e: { from: number; version: number; ops: PatchOp[] }) => 'applied' | 'stale' | 'gap';
  setOnline: (ids: string[]) => void;
  /** One seat came online or went offline (pushed one change at a time; the whole list comes with each join). */
  setPresence: (playerId: string, online: boolean) => void;
  setStatus: (status: ConnectionStatus) => void;
  setError: (error: RoomError | null) => void;
  /** Record a server timestamp just received (the largest recent offset has the least network delay in it). */
  noteServerTime: (serverTime: number) => void;
  reset: () => void;
}

const initial = {
  gameId: null,
  game: null,
  version: -1,
  me: null,
  meVersion: -1,
  online: [] as string[],
  status: 'idle' as ConnectionStatus,
  error: null,
  clockOffsetMs: 0,
};

let offsetSamples: number[] = [];

export const useGameRoom = create<GameRoomState>()((set, get) => ({
  ...initial,
  select: (gameId) => {
    if (get().gameId === gameId) return;
    set({ ...initial, gameId, status: get().status });
  },
  applySnapshot: ({ version, game }) => {
    const s = get();
    if (s.gameId && game.id !== s.gameId) return 'stale';
    if (version < s.version) return 'stale';
    set({ game, version, gameId: game.id, error: null });
    return 'applied';
  },
  applyDelta: ({ gameId, from, to, ops }) => {
    const s = get();
    if (s.gameId !== gameId || to <= s.version) return 'stale';
    if (!s.game || from !== s.version) return 'gap';
    // A commit that changed the seat's own view sent its patch first; one that did not leaves it exact at `to`.
    set({ game: applyPatch(s.game, ops), version: to, error: null, ...(s.meVersion === from ? { meVersion: to } : {}) });
    return 'applied';
  },
  applyGame: (game) => {
    get().applySnapshot({ version: game.version, game });
  },
  applyMe: (version, me) => {
    if (version < get().meVersion) return;
    set({ me, meVersion: version });
  },
  patchMe: ({ from, version, ops }) => {
    const s = get();
    if (version <= s.meVersion) return 'stale';
    if (from !== s.meVersion) return 'gap';
    set({ me: applyPatch(s.me, ops), meVersion: version });
    return 'applied';
  },
  setOnline: (online) => set({ online }),
  setPresence: (playerId, online) => {
    const now = get().online;
    if (now.includes(playerId) === online) return;
    set({ online: online ? [...now, playerId] : now.filter((id) => id !== playerId) });
  },
  setStatus: (status) => set({ status }),
  setError: (error) => set({ error }),
  noteServerTime: (serverTime) => {
    offsetSamples = [...offsetSamples.slice(-4), serverTime - Date.now()];
    set({ clockOffsetMs: Math.max(...offsetSamples) });
  },
  reset: () => set({ ...initial }),
}));
