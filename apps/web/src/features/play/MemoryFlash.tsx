import * as RadixDialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState } from 'react';
import { Sparkles } from 'lucide-react';
import { buttonClasses } from '../../components/ui';
import { cn } from '../../lib/cn';

export const MEMORY_FLASH_DELAY_MS = 2000;
export const MEMORY_FLASH_DISMISS_MS = 300;

export function memoryFlashKey(gameId: string, day: number): string {
  return `memoryFlashShown_${gameId}_day${day}`;
}

function wasShown(gameId: string, day: number): boolean {
  try {
    return localStorage.getItem(memoryFlashKey(gameId, day)) === 'true';
  } catch {
    return false;
  }
}

function reducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/**
 * A memory returns (memory-flash characters, days 2-4): 2 s after the day loads, once per day and game. Dismissing
 * stores the marker and fades out over 300 ms (at once with reduced motion).
 */
export function MemoryFlash({ gameId, day, text }: { gameId: string; day: number; text: string | null }) {
  const [open, setOpen] = useState(false);
  const [closing, setClosing] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (!text || day < 2 || wasShown(gameId, day)) return;
    timer.current = window.setTimeout(() => setOpen(true), MEMORY_FLASH_DELAY_MS);
    return () => window.clearTimeout(timer.current);
  }, [gameId, day, text]);

  function dismiss() {
    try {
      localStorage.setItem(memoryFlashKey(gameId, day), 'true');
    } catch {
      /* private mode: shown again next time, harmless */
    }
    setClosing(true);
    window.setTimeout(
      () => {
        setOpen(false);
        setClosing(false);
      },
      reducedMotion() ? 0 : MEMORY_FLASH_DISMISS_MS,
    );
  }

  if (!text) return null;
  return (
    <RadixDialog.Root open={open} onOpenChange={(o) => !o && dismiss()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay
          className={cn('fixed inset-0 z-50 bg-black/80 transition-opacity duration-300', closing ? 'opacity-0' : 'opacity-100')}
        />
        <RadixDialog.Content
          data-testid="memory-flash"
          className={cn(
            'fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border-2 border-shadow/70 bg-ink-800 p-6 text-paper-100 shadow-2xl transition-all duration-300 focus:outline-none',
            closing ? 'scale-95 opacity-0' : 'scale-100 opacity-100',
          )}
        >
          <RadixDialog.Title className="flex items-center gap-2 font-display text-2xl font-bold text-paper-50">
            <Sparkles aria-hidden className="size-6 text-shadow" /> A Memory Returns
          </RadixDialog.Title>
          <RadixDialog.Description className="typewriter mt-4 whitespace-pre-line text-paper-100">{text}</RadixDialog.Description>
          <p className="mt-4 text-sm text-paper-300">You decide how much of this to share, and when.</p>
          <button type="button" className={buttonClasses('primary', 'lg', 'mt-5 w-full')} onClick={dismiss}>
            I Remember
          </button>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
