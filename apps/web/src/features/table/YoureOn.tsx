import { Mic } from 'lucide-react';
import type { TGameView } from '@ss/protocol';
import { formatClock } from '../voting/selection';
import { useDefenceClock } from './useDefenceClock';

/**
 * The speaking suspect's phone during their defence: "You're on" and the clock every phone counts down with.
 * Other phones show the shared DefenceTimer (who is speaking and the same clock).
 */
export function YoureOn({ game, myId }: { game: TGameView; myId: string | null }) {
  const left = useDefenceClock(game.defence);
  if (!game.defence || game.defence.suspectPlayerId !== myId || left <= 0) return null;
  return (
    <section
      aria-live="polite"
      className="flex flex-col items-center gap-2 rounded-xl border-2 border-lamp-300 bg-lamp-400/20 p-5 text-center"
      data-testid="youre-on"
    >
      <Mic aria-hidden className="size-10 text-lamp-200" />
      <h2 className="font-display text-3xl font-bold text-paper-50">
        You’re on — <span className="font-mono tabular-nums">{formatClock(left)}</span>
      </h2>
      <p className="text-paper-200">Make your defence. Nobody interrupts until the clock runs out.</p>
    </section>
  );
}
