import { useEffect, useState, type ReactNode } from 'react';
import { EyeOff, Fingerprint } from 'lucide-react';
import { cn } from '../../lib/cn';

/**
 * Private on a shared sofa: the content (a team, the secrets) is not on the page at all until the player presses and
 * holds the button (finger, mouse, or Space/Enter held on a keyboard); letting go hides it again.
 */
export function HoldToReveal({ label, children, block, testId }: { label: string; children: ReactNode; block?: boolean; testId?: string }) {
  const [held, setHeld] = useState(false);
  // Letting go anywhere hides it (the finger may slide off the button).
  useEffect(() => {
    if (!held) return;
    const release = () => setHeld(false);
    window.addEventListener('pointerup', release);
    window.addEventListener('pointercancel', release);
    window.addEventListener('blur', release);
    return () => {
      window.removeEventListener('pointerup', release);
      window.removeEventListener('pointercancel', release);
      window.removeEventListener('blur', release);
    };
  }, [held]);

  return (
    <div className={cn(block ? 'flex flex-col gap-3' : 'inline-flex flex-wrap items-center gap-2')} data-testid={testId}>
      <button
        type="button"
        aria-pressed={held}
        onPointerDown={(e) => {
          e.preventDefault();
          setHeld(true);
        }}
        onKeyDown={(e) => {
          if (e.key === ' ' || e.key === 'Enter') {
            e.preventDefault();
            setHeld(true);
          }
        }}
        onKeyUp={() => setHeld(false)}
        onBlur={() => setHeld(false)}
        onContextMenu={(e) => e.preventDefault()}
        className={cn(
          'inline-flex min-h-11 touch-none items-center gap-2 rounded-lg border border-dashed border-lamp-400/70 px-3 text-sm font-semibold text-lamp-200 select-none',
          held ? 'bg-lamp-400/20' : 'bg-ink-900/60',
          block && 'w-full justify-center',
        )}
      >
        {held ? <EyeOff aria-hidden className="size-4" /> : <Fingerprint aria-hidden className="size-4" />}
        {label}
      </button>
      {held ? <div className={block ? 'flex flex-col gap-3' : undefined}>{children}</div> : null}
    </div>
  );
}
