import { create } from 'zustand';

interface AnnouncerStore {
  /** The last message, with a counter so that the same words said twice are read twice. */
  message: { text: string; n: number } | null;
  say: (text: string) => void;
}

export const useAnnouncer = create<AnnouncerStore>()((set, get) => ({
  message: null,
  say: (text) => set({ message: { text, n: (get().message?.n ?? 0) + 1 } }),
}));

/**
 * Tells a screen reader what just changed on the screen (a phase, a vote result, a reveal step) through the app's one
 * polite live region; sighted players see the change itself.
 */
export function announce(text: string): void {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t) useAnnouncer.getState().say(t);
}
