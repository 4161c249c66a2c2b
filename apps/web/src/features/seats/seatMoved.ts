import { create } from 'zustand';

/** Set when the server says this phone's seat moved to another phone: its token is no longer valid. */
export const useSeatMoved = create<{
  gameId: string | null;
  markMoved: (gameId: string) => void;
  reset: () => void;
}>()((set) => ({
  gameId: null,
  markMoved: (gameId) => set({ gameId }),
  reset: () => set({ gameId: null }),
}));
