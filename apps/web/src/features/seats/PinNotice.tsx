import { useState } from 'react';
import { Button, Dialog, DialogContent } from '../../components/ui';
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
 * brings this seat back on another phone without asking the host. A sheet that goes away for good however it is
 * closed, so the PIN never sits above the game; the character menu keeps it.
 */
export function PinSheet({ playerId }: { playerId: string }) {
  const [open, setOpen] = useState(() => pinNoticeDue(playerId));
  const pin = pinOf(playerId);
  if (!pin) return null;
  const close = () => {
    markPinShown(playerId);
    setOpen(false);
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? setOpen(true) : close())}>
      <DialogContent side="bottom" title="Your seat PIN" description="Shown once. It is also in your character menu.">
        <div className="flex flex-col gap-4" data-testid="pin-notice">
          <PinDigits pin={pin} />
          <p className="text-sm text-paper-300">
            If you lose this phone or close the page, this PIN gets your seat back without asking the host. Keep it to
            yourself: it is always under the menu of your character screen.
          </p>
          <Button size="lg" block onClick={close}>
            Got it
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
