import { create } from 'zustand';
import * as session from '../lib/session';
import type { AuthFields, AuthState } from '../lib/session';

interface SessionStore extends AuthState {
  /** Re-read the stored state as the current page sees it (host pages: unprefixed keys only). */
  refresh: () => void;
  /** Store fields (prefixed + unprefixed) and update the store. */
  setAuth: (fields: AuthFields, opts?: { sessionId?: string }) => void;
  /** Clear every auth key and the store. */
  signOut: () => void;
}

/** Mirrors lib/session.ts: the storage is the source of truth, this store makes it reactive. */
export const useSessionStore = create<SessionStore>()((set) => ({
  ...session.EMPTY_AUTH,
  refresh: () => set(session.read()),
  setAuth: (fields, opts) => {
    session.set(fields, opts);
    set(session.read());
  },
  signOut: () => {
    session.clear();
    set({ ...session.EMPTY_AUTH });
  },
}));

/** A host account is signed in. A player's seat also stores a token and a user, but a player has no account. */
export const selectSignedIn = (s: AuthState): boolean => Boolean(s.token && s.user && s.role !== 'player');
