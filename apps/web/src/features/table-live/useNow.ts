import { useEffect, useState } from 'react';
import { serverNow } from './liveApi';

/** The server's time, re-read every `everyMs` while `active` (countdowns to a time the state holds). */
export function useServerNow(active: boolean, everyMs = 1000): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    if (!active) return;
    setNow(serverNow());
    const t = window.setInterval(() => setNow(serverNow()), everyMs);
    return () => window.clearInterval(t);
  }, [active, everyMs]);
  return now;
}
