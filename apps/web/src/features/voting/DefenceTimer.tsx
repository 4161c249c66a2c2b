import { Timer } from 'lucide-react';
import type { TDefenceTimer, TPublicPlayer } from '@ss/protocol';
import { useDefenceClock } from '../table/useDefenceClock';
import { formatClock } from './selection';

/** Server-synced 2-minute countdown: every phone counts down to the same server deadline (clock skew corrected). */
export function DefenceTimer({ defence, players, myId }: { defence: TDefenceTimer | null; players: readonly TPublicPlayer[]; myId?: string }) {
  const left = useDefenceClock(defence);
  if (!defence) return null;
  const p = players.find((x) => x.id === defence.suspectPlayerId);
  const name = p?.character?.name ?? p?.displayName ?? 'The suspect';
  // The speaking suspect's own phone says so; everyone else sees who is speaking, on the same clock.
  const mine = myId !== undefined && defence.suspectPlayerId === myId;
  const title = mine ? (left > 0 ? `You're on — ${formatClock(left)}` : 'Your time is up') : left > 0 ? `${name} is speaking` : `${name}'s time is up`;
  return (
    <div className="flex items-center gap-3 rounded-xl border-2 border-lamp-400 bg-ink-900 p-4" data-testid="defence-timer">
      <Timer aria-hidden className="size-8 shrink-0 text-lamp-300" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words text-paper-50" data-testid="defence-title">
          {title}
        </p>
        <p className="text-sm text-paper-300">{mine ? 'Make your defence: nobody interrupts you.' : 'No interruptions until the time is up.'}</p>
      </div>
      <p className="font-mono text-4xl font-bold text-lamp-200 tabular-nums" aria-label={`${Math.floor(left / 60)} minutes ${left % 60} seconds left`} data-testid="defence-clock">
        {formatClock(left)}
      </p>
      {/* A polite announcement once a minute, not every tick. */}
      <span className="sr-only" role="status" aria-live="polite">
        {left % 60 === 0 ? `${formatClock(left)} left` : ''}
      </span>
    </div>
  );
}
