import { WifiOff, RefreshCw } from 'lucide-react';
import { useGameRoom } from '../store/gameRoom';

/** A small notice while the live connection is down; the screen catches up by itself when it returns. */
export function ConnectionIndicator() {
  const status = useGameRoom((s) => s.status);
  if (status !== 'offline' && status !== 'reconnecting') return null;
  const offline = status === 'offline';
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="connection-indicator"
      className="fixed top-[max(0.5rem,env(safe-area-inset-top))] left-1/2 z-[90] flex -translate-x-1/2 items-center gap-2 rounded-full border border-lamp-400/60 bg-ink-950/95 px-4 py-2 text-sm font-medium text-lamp-200 shadow-lg"
    >
      {offline ? (
        <WifiOff aria-hidden className="size-4" />
      ) : (
        <RefreshCw aria-hidden className="size-4 animate-spin motion-reduce:animate-none" />
      )}
      {offline ? 'Offline — we’ll catch up when you’re back' : 'Reconnecting…'}
    </div>
  );
}
