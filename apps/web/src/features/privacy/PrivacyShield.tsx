import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { EyeOff } from 'lucide-react';
import { Button } from '../../components/ui';

/** How long a phone may lie untouched before its screen blurs. */
export const IDLE_BLUR_MS = 30_000;
const ACTIVITY = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;
/** A device may switch the idle blur off (a shared table screen, or a test that drives many phones at once). */
export const IDLE_BLUR_OFF_KEY = 'ss_idle_blur_off';
function blurSwitchedOff(): boolean {
  try {
    return localStorage.getItem(IDLE_BLUR_OFF_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Covers the whole screen after 30 s without a touch, or as soon as the page is hidden (app switcher, locked phone),
 * so a phone left on the sofa shows nothing; one tap brings it back.
 */
export function PrivacyShield({ enabled = true }: { enabled?: boolean }) {
  const [shielded, setShielded] = useState(false);
  useEffect(() => {
    if (!enabled || blurSwitchedOff()) {
      setShielded(false);
      return;
    }
    let timer = window.setTimeout(() => setShielded(true), IDLE_BLUR_MS);
    const onActivity = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setShielded(true), IDLE_BLUR_MS);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') setShielded(true);
    };
    for (const e of ACTIVITY) window.addEventListener(e, onActivity, { passive: true, capture: true });
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.clearTimeout(timer);
      for (const e of ACTIVITY) window.removeEventListener(e, onActivity, { capture: true });
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [enabled]);

  if (!shielded) return null;
  // Opaque: a blur over large story text still let its lines be read. Above an open dialog (a memory flash): rendered at the end of <body>, so the dialog's aria-hidden on the app
  // root does not hide it from screen readers; pointer events on for itself (Radix turns them off outside its
  // dialog); and its taps never count as a click outside that would close the dialog beneath.
  return createPortal(
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="privacy-title"
      data-testid="privacy-shield"
      onPointerDown={(e) => e.stopPropagation()}
      className="pointer-events-auto fixed inset-0 z-[150] flex flex-col items-center justify-center gap-4 bg-ink-950 p-6 text-center"
    >
      <EyeOff aria-hidden className="size-10 text-lamp-300" />
      <p id="privacy-title" className="font-display text-2xl font-bold text-paper-50">
        Screen hidden
      </p>
      <p className="max-w-xs text-paper-200">Your phone was left alone, so your secrets are covered. Only you should look.</p>
      <Button size="lg" autoFocus onClick={() => setShielded(false)}>
        Tap to Continue
      </Button>
    </div>,
    document.body,
  );
}
