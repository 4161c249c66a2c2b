import { create } from 'zustand';
import type { TGameView, TMyCharacterResponse, TRoomSnapshotEvent } from '@ss/protocol';

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
  /** Applies a snapshot unless it is older than what we have. Answers 'gap' when versions were skipped. */
  applySnapshot: (e: Pick<TRoomSnapshotEvent, 'version' | 'game'>) => 'applied' | 'stale' | 'gap';
  /** Applies a game view from a command's answer (same rule as snapshots). */
  applyGame: (game: TGameView) => void;
  applyMe: (version: number, me: TMyCharacterResponse | null) => void;
  setOnline: (ids: string[]) => void;
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
    const gap = s.version >= 0 && version > s.version + 1;
    set({ game, version, gameId: game.id, error: null });
    return gap ? 'gap' : 'applied';
  },
  applyGame: (game) => {
    get().applySnapshot({ version: game.version, game });
  },
  applyMe: (version, me) => {
    if (version < get().meVersion) return;
    set({ me, meVersion: version });
  },
  setOnline: (online) => set({ online }),
  setStatus: (status) => set({ status }),
  setError: (error) => set({ error }),
  noteServerTime: (serverTime) => {
    offsetSamples = [...offsetSamples.slice(-4), serverTime - Date.now()];
    set({ clockOffsetMs: Math.max(...offsetSamples) });
  },
  reset: () => set({ ...initial }),
}));
