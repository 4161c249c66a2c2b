import { Smartphone } from 'lucide-react';
import { ButtonLink } from '../../components/ui';
import { useSeatMoved } from './seatMoved';

/** Covers every screen of a phone whose seat moved to another phone: nothing on it works any more. */
export function SeatMovedScreen() {
  const gameId = useSeatMoved((s) => s.gameId);
  const reset = useSeatMoved((s) => s.reset);
  if (!gameId) return null;
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="seat-moved-title"
      aria-describedby="seat-moved-text"
      className="fixed inset-0 z-[150] flex items-center justify-center bg-ink-950/95 p-6"
      data-testid="seat-moved"
    >
      <div className="flex max-w-sm flex-col items-center gap-4 text-center">
        <Smartphone aria-hidden className="size-12 text-lamp-300" />
        <h1 id="seat-moved-title" className="font-display text-2xl font-bold text-paper-50">
          This seat moved to another phone
        </h1>
        <p id="seat-moved-text" className="text-paper-200">
          Your seat is now played on another phone, so this one has been signed out of the game. If that was
          not you, tell your host.
        </p>
        <ButtonLink to="/" variant="secondary" onClick={reset}>
          Back to Home
        </ButtonLink>
      </div>
    </div>
  );
}
