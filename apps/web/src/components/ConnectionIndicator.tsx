import { WifiOff, RefreshCw } from 'lucide-react';
import { useGameRoom } from '../store/gameRoom';

/**
 * A small notice while the live connection is down; the screen catches up by itself when it returns. It sits in the
 * page flow (sticky at the top), so it pushes the page down instead of covering the day banner; it uses a font
 * weight every screen has already loaded, so it never falls back to a system font while offline.
 */
export function ConnectionIndicator() {
  const status = useGameRoom((s) => s.status);
  if (status !== 'offline' && status !== 'reconnecting') return null;
  const offline = status === 'offline';
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="connection-indicator"
      className="sticky top-0 z-[90] flex items-center justify-center gap-2 border-b border-lamp-400/60 bg-ink-950/95 px-4 pt-[max(0.5rem,env(safe-area-inset-top))] pb-2 text-center font-sans text-sm font-semibold text-lamp-200 shadow-lg"
    >
      {offline ? (
        <WifiOff aria-hidden className="size-4" />
      ) : (
        <RefreshCw aria-hidden className="size-4 animate-spin motion-reduce:animate-none" />
      )}
      {offline ? 'You are offline, reconnecting…' : 'Reconnecting…'}
    </div>
  );
}
