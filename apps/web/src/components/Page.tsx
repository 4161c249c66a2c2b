import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import { cn } from '../lib/cn';

/** Page frame: safe-area padding, readable width, room for a fixed bottom bar when asked. */
export function Page({
  children,
  className,
  wide,
  bottomBar,
}: {
  children: ReactNode;
  className?: string;
  /** Host screens may fill a laptop or TV. */
  wide?: boolean;
  /** Leave space for a fixed bottom action bar. */
  bottomBar?: boolean;
}) {
  return (
    <main
      id="main"
      className={cn(
        'mx-auto w-full px-safe pt-safe',
        wide ? 'max-w-6xl' : 'max-w-2xl',
        bottomBar ? 'pb-40' : 'pb-[max(2rem,env(safe-area-inset-bottom))]',
        className,
      )}
    >
      {children}
    </main>
  );
}

/** Top bar of an inner page: optional back link, title. */
export function PageHeader({
  title,
  subtitle,
  back,
  actions,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  back?: { to: string; label: string };
  actions?: ReactNode;
}) {
  return (
    <header className="flex flex-col gap-2 py-4">
      {back ? (
        <Link
          to={back.to}
          className="-ml-2 inline-flex min-h-11 w-fit items-center gap-2 rounded-lg px-2 text-paper-200 no-underline hover:text-paper-50"
        >
          <ArrowLeft aria-hidden className="size-4" />
          {back.label}
        </Link>
      ) : null}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="font-display text-3xl font-bold text-paper-50 sm:text-4xl">{title}</h1>
          {subtitle ? <p className="mt-1 text-paper-300">{subtitle}</p> : null}
        </div>
        {actions}
      </div>
    </header>
  );
}

/** The bottom bar's height, for whatever must sit above it (the toasts: they never cover its buttons). */
export const BOTTOM_BAR_HEIGHT_VAR = '--bottom-bar-h';

/** Fixed bar at the bottom of the screen for the primary action, within thumb reach. */
export function BottomBar({ children, className }: { children: ReactNode; className?: string }) {
  const bar = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = bar.current;
    if (!el) return;
    const root = document.documentElement.style;
    const note = () => root.setProperty(BOTTOM_BAR_HEIGHT_VAR, `${el.offsetHeight}px`);
    note();
    const watch = new ResizeObserver(note);
    watch.observe(el);
    return () => {
      watch.disconnect();
      root.removeProperty(BOTTOM_BAR_HEIGHT_VAR);
    };
  }, []);
  return (
    <div
      ref={bar}
      className={cn(
        'fixed inset-x-0 bottom-0 z-30 border-t border-ink-600 bg-ink-900/95 px-safe pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur',
        className,
      )}
    >
      <div className="mx-auto flex w-full max-w-2xl flex-col gap-2">{children}</div>
    </div>
  );
}
