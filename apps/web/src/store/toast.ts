import { create } from 'zustand';

export const TOAST_DURATION_MS = 5000;

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
  /** Default 5000 ms. */
  duration?: number;
}

export interface ToastItem extends Required<Omit<ToastInput, 'description'>> {
  id: number;
  description?: string;
  open: boolean;
}

interface ToastStore {
  toast: ToastItem | null;
  /** Show a toast; it replaces the one on screen (one at a time). */
  show: (t: ToastInput) => void;
  dismiss: () => void;
  /** Forget a dismissed toast (after its exit animation). */
  remove: (id: number) => void;
}

let nextId = 1;

export const useToastStore = create<ToastStore>()((set) => ({
  toast: null,
  show: (t) =>
    set({
      toast: {
        id: nextId++,
        title: t.title,
        description: t.description,
        variant: t.variant ?? 'default',
        duration: t.duration ?? TOAST_DURATION_MS,
        open: true,
      },
    }),
  dismiss: () => set((s) => (s.toast ? { toast: { ...s.toast, open: false } } : s)),
  remove: (id) => set((s) => (s.toast?.id === id ? { toast: null } : s)),
}));

/** Shorthand usable outside components. */
export function toast(t: ToastInput): void {
  useToastStore.getState().show(t);
}
