import { useLayoutEffect, useRef, useState } from 'react';
import * as RadixToast from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { TOAST_DURATION_MS, useToastStore } from '../../store/toast';
import { cn } from '../../lib/cn';
import { bestToastTop, pageObstacles } from './toastPlacement';
import { bottomBarHeight } from '../Page';

/** Space kept between a toast and the screen's edges (and the bottom bar). */
const EDGE = 16;

const variantClasses = {
  default: 'border-ink-500 bg-ink-700 text-paper-50',
  success: 'border-moss-300/60 bg-[#1d3322] text-paper-50',
  destructive: 'border-blood-400/70 bg-[#4a1a15] text-paper-50',
} as const;

/**
 * One toast at a time (a new one replaces the old). Radix defaults: 5000 ms, swipe right past 50 px,
 * F8 focuses the viewport, which is at most 420 px wide from md up.
 *
 * Each toast is placed, when it opens, where it covers no control and no heading of the page as it is then: the
 * lowest such place above the bottom bar (thumb reach), else the place that covers least.
 */
export function Toaster() {
  const toast = useToastStore((s) => s.toast);
  const dismiss = useToastStore((s) => s.dismiss);
  const remove = useToastStore((s) => s.remove);
  const root = useRef<HTMLLIElement>(null);
  const viewport = useRef<HTMLOListElement>(null);
  const [top, setTop] = useState<number | null>(null);
  const id = toast?.id;

  useLayoutEffect(() => {
    const el = root.current;
    if (id === undefined || !el) return;
    const bar = bottomBarHeight();
    const height = el.offsetHeight;
    setTop(
      bestToastTop({
        toastHeight: height,
        minTop: EDGE,
        maxTop: window.innerHeight - bar - height - EDGE,
        obstacles: pageObstacles(viewport.current),
      }),
    );
  }, [id]);

  return (
    <RadixToast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50} label="Notification">
      {toast ? (
        <RadixToast.Root
          ref={root}
          key={toast.id}
          open={toast.open}
          duration={toast.duration}
          type={toast.variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) {
              dismiss();
              const id = toast.id;
              window.setTimeout(() => remove(id), 300);
            }
          }}
          className={cn(
            'pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-12 shadow-2xl',
            'data-[state=open]:animate-toast-in data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)]',
            'data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:hidden',
            variantClasses[toast.variant],
          )}
        >
          <div className="min-w-0">
            <RadixToast.Title className="font-semibold">{toast.title}</RadixToast.Title>
            {toast.description ? (
              <RadixToast.Description className="mt-0.5 text-sm text-paper-200">{toast.description}</RadixToast.Description>
            ) : null}
          </div>
          <RadixToast.Close
            aria-label="Dismiss notification"
            className="absolute top-1 right-1 inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg text-paper-300 hover:text-paper-50"
          >
            <X aria-hidden className="size-4" />
          </RadixToast.Close>
        </RadixToast.Root>
      ) : null}
      <RadixToast.Viewport
        ref={viewport}
        style={top === null ? undefined : { top }}
        className={cn(
          'pointer-events-none fixed right-0 z-[100] m-0 flex w-full list-none flex-col gap-2 px-4 outline-none md:max-w-[420px]',
          // Only until the first toast is placed (its layout effect sets `top` before it paints).
          top === null && 'bottom-4',
        )}
      />
    </RadixToast.Provider>
  );
}
