import { useEffect, useRef, useState } from 'react';

export const REVEAL_DELAY_MS = 2000;

/**
 * True once `ready` is true: at once if it already was when the screen opened (a reload), else after `delayMs`
 * (a 2-second pause before the reveal, for the push that ends the wait, so the result lands as a moment).
 */
export function useDelayedReveal(ready: boolean, delayMs = REVEAL_DELAY_MS): boolean {
  const readyAtMount = useRef(ready);
  const [shown, setShown] = useState(ready);
  useEffect(() => {
    if (!ready) {
      setShown(false);
      readyAtMount.current = false;
      return;
    }
    if (readyAtMount.current || delayMs <= 0) {
      setShown(true);
      return;
    }
    const t = window.setTimeout(() => setShown(true), delayMs);
    return () => window.clearTimeout(t);
  }, [ready, delayMs]);
  return shown;
}
