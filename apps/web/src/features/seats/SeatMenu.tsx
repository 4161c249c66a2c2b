import { useState } from 'react';
import { KeyRound, Menu } from 'lucide-react';
import { Button, Dialog, DialogContent, DialogTrigger } from '../../components/ui';
import { PinDigits } from './PinNotice';
import { pinOf } from './pinStore';

/** The character screen's menu: the seat PIN, always one tap away on the phone that holds the seat. */
export function SeatMenu({ playerId }: { playerId: string }) {
  const [open, setOpen] = useState(false);
  const pin = pinOf(playerId);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="md" aria-label="Menu" data-testid="seat-menu">
          <Menu aria-hidden className="size-5" />
        </Button>
      </DialogTrigger>
      <DialogContent title="Menu" description="Your seat on this phone.">
        <section className="flex flex-col gap-3" aria-label="Seat PIN">
          <h3 className="flex items-center gap-2 font-semibold text-paper-50">
            <KeyRound aria-hidden className="size-4 text-lamp-300" /> Seat PIN
          </h3>
          {pin ? (
            <>
              <PinDigits pin={pin} />
              <p className="text-sm text-paper-300">
                On another phone, rejoin with your room code, your name and this PIN.
              </p>
            </>
          ) : (
            <p className="text-sm text-paper-300">
              This phone does not know your PIN (it was shown on the phone you joined with). To move your
              seat, ask your host to let you back in.
            </p>
          )}
        </section>
      </DialogContent>
    </Dialog>
  );
}
