import { useState } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import { Smartphone } from 'lucide-react';
import type { TGameView, TSeatMoveTicket } from '@ss/protocol';
import { Button, Dialog, DialogContent, DialogTrigger, Select } from '../../components/ui';
import { useBusyAction } from '../../lib/useBusyAction';
import { seatOptions } from '../game/seatLabel';
import { seatsApi } from './seatsApi';

/**
 * Device swap: the host picks a seat and shows a one-time QR code; scanning it on the new phone moves the seat
 * there (the old phone is signed out). The code works once and for ten minutes.
 */
export function MoveSeatDialog({ game }: { game: TGameView }) {
  const [open, setOpen] = useState(false);
  const [playerId, setPlayerId] = useState('');
  const [ticket, setTicket] = useState<TSeatMoveTicket | null>(null);
  const { busy, run } = useBusyAction();
  const seats = game.players.filter((p) => !p.isHost);

  async function show() {
    if (!playerId) return;
    await run(async () => setTicket(await seatsApi.moveTicket(game.id, playerId)), 'Could not make a seat code');
  }

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setTicket(null);
      setPlayerId('');
    }
  };
  const who = game.players.find((p) => p.id === (ticket?.playerId ?? playerId));
  const url = ticket ? `${window.location.origin}${ticket.path}` : '';

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="md" data-testid="move-seat-open">
          <Smartphone aria-hidden className="size-4" /> Move seat
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Move a seat to a new phone"
        description="The player scans the code with their new phone. Their old phone is signed out."
      >
        {ticket ? (
          <div className="flex flex-col items-center gap-3">
            <div className="rounded-lg bg-paper-50 p-3">
              <QRCodeSVG
                value={url}
                size={208}
                title={`Seat code for ${who?.displayName ?? 'the player'}`}
              />
            </div>
            <p className="text-center text-sm text-paper-300">
              For <strong className="text-paper-50">{who?.displayName}</strong>. Works once, for 10 minutes.
            </p>
            <a
              href={url}
              className="max-w-full text-sm break-all text-lamp-300 underline"
              data-testid="move-seat-link"
            >
              Open link instead
            </a>
          </div>
        ) : (
          <div className="flex flex-col gap-3">
            <label htmlFor="move-seat-player" className="text-sm font-semibold text-paper-100">
              Seat
            </label>
            <Select
              id="move-seat-player"
              value={playerId}
              onValueChange={setPlayerId}
              placeholder="Choose a player"
              options={seatOptions(seats)}
            />
            <Button
              block
              disabled={!playerId || busy}
              onClick={() => void show()}
              data-testid="move-seat-show"
            >
              Show the QR code
            </Button>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
