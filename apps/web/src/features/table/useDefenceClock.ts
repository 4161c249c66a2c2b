import { useEffect, useState } from 'react';
import type { TDefenceTimer } from '@ss/protocol';
import { useGameRoom } from '../../store/gameRoom';
import { remainingSeconds } from '../voting/selection';

/** Seconds left of the running defence, counted down to the server's deadline (clock skew corrected). */
export function useDefenceClock(defence: TDefenceTimer | null): number {
  const offset = useGameRoom((s) => s.clockOffsetMs);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!defence) return;
    const t = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(t);
  }, [defence]);
  return defence ? remainingSeconds(defence.endsAt, now, offset, defence.durationMs) : 0;
}
