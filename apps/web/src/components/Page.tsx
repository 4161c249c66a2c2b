import type { ReactNode } from 'react';
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

/**
 * How much of the bottom of the viewport the bottom bar covers now (0 without one). Measured when asked (a toast
 * placed as it opens) rather than published by the bar: a bar that read its own height as it mounted forced a
 * layout of the whole new screen, and setting a variable on the root then restyled all of it again, on the frame
 * of every phase change that brings a bar.
 */
export function bottomBarHeight(): number {
  let height = 0;
  for (const el of Array.from(document.querySelectorAll<HTMLElement>('[data-bottom-bar]')))
    height = Math.max(height, el.offsetHeight);
  return height;
}

/** Fixed bar at the bottom of the screen for the primary action, within thumb reach. */
export function BottomBar({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      data-bottom-bar=""
      className={cn(
        'fixed inset-x-0 bottom-0 z-30 border-t border-ink-600 bg-ink-900/95 px-safe pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur',
        className,
      )}
    >
      <div className="mx-auto flex w-full max-w-2xl flex-col gap-2">{children}</div>
    </div>
  );
}
