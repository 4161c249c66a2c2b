import { useState } from 'react';
import { KeyRound } from 'lucide-react';
import { Button } from '../../components/ui';
import { markPinShown, pinNoticeDue, pinOf } from './pinStore';

export function PinDigits({ pin }: { pin: string }) {
  return (
    <p
      className="typewriter text-center text-4xl font-bold tracking-[0.5em] text-lamp-200"
      data-testid="seat-pin"
      aria-label={`Seat PIN ${pin.split('').join(' ')}`}
    >
      {pin}
    </p>
  );
}

/**
 * Shown once on the player's own phone right after joining (or after a move that dealt a new PIN): the PIN that
 * brings this seat back on another phone without asking the host. Inline, so it never blocks the screen.
 */
export function PinNotice({ playerId }: { playerId: string }) {
  const [open, setOpen] = useState(() => pinNoticeDue(playerId));
  const pin = pinOf(playerId);
  if (!open || !pin) return null;
  return (
    <section
      aria-labelledby="pin-notice-title"
      className="my-3 flex flex-col gap-3 rounded-xl border-2 border-lamp-400 bg-ink-900 p-4"
      data-testid="pin-notice"
    >
      <h2 id="pin-notice-title" className="flex items-center gap-2 font-display text-lg font-bold text-paper-50">
        <KeyRound aria-hidden className="size-5 text-lamp-300" /> Your seat PIN
      </h2>
      <PinDigits pin={pin} />
      <p className="text-sm text-paper-300">
        If you lose this phone or close the page, this PIN gets your seat back without asking the host. Keep it to
        yourself; it is also under the menu of your character screen.
      </p>
      <Button
        onClick={() => {
          markPinShown(playerId);
          setOpen(false);
        }}
      >
        Got it
      </Button>
    </section>
  );
}
