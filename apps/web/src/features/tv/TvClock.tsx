import { useEffect, useState } from 'react';
import { Timer } from 'lucide-react';
import type { TDefenceTimer } from '@ss/protocol';
import { formatClock, remainingSeconds } from '../voting/selection';

/** The defence clock on the table screen: the same server deadline every phone counts down to. */
export function TvClock({ defence, speaker, clockOffsetMs }: { defence: TDefenceTimer; speaker: string; clockOffsetMs: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(t);
  }, []);
  const left = remainingSeconds(defence.endsAt, now, clockOffsetMs, defence.durationMs);
  return (
    <section className="flex flex-col items-center gap-3 rounded-2xl border-2 border-lamp-400 bg-ink-900 p-6 text-center" data-testid="tv-defence">
      <Timer aria-hidden className="size-10 text-lamp-300" />
      <p className="font-display text-3xl font-bold break-words text-paper-50 lg:text-5xl">
        {left > 0 ? `${speaker} is speaking` : `${speaker}'s time is up`}
      </p>
      <p className="font-mono text-7xl font-bold text-lamp-200 tabular-nums lg:text-9xl" data-testid="tv-clock">
        {formatClock(left)}
      </p>
    </section>
  );
}
