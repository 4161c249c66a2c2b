import { useState } from 'react';
import { AlertTriangle, LifeBuoy } from 'lucide-react';
import type { TGameView } from '@ss/protocol';
import { Button, Dialog, DialogContent, DialogTrigger, Select } from '../../components/ui';
import { errorMessage } from '../../lib/api';
import { toast } from '../../store/toast';
import { seatOptions } from '../game/seatLabel';
import { tableApi } from './tableApi';

const NOBODY = 'none';

/**
 * The host names a backup among the players in one tap: if the host's phone dies, the co-host drives phases and
 * defences. Every phone is told who it is.
 */
export function CoHostPicker({ game }: { game: TGameView }) {
  const [open, setOpen] = useState(false);
  const coHost = game.players.find((p) => p.id === game.coHostPlayerId) ?? null;

  async function choose(value: string) {
    try {
      await tableApi.setCoHost(game.id, value === NOBODY ? null : value);
      const name = game.players.find((p) => p.id === value)?.displayName;
      toast({ title: name ? `${name} is your co-host` : 'No co-host', variant: 'success', duration: 3000 });
      setOpen(false);
    } catch (err) {
      toast({
        title: 'Could not change the co-host',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      });
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          size="md"
          data-testid="co-host-open"
          aria-label={coHost ? `Co-host: ${coHost.displayName}. Change` : 'Name a co-host'}
        >
          <LifeBuoy aria-hidden className="size-4" /> Co-host
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Co-host"
        description="If your phone dies, the co-host can move the game on and run the defences."
      >
        {/* Anyone may be co-host, a Shadow or the killer too: the host plays blind, so the warning is the same for
            everyone and nothing here hints at a team. */}
        <p
          className="mb-4 flex items-start gap-2 rounded-lg border border-lamp-400/50 bg-lamp-400/10 p-3 text-sm text-paper-100"
          data-testid="co-host-warning"
        >
          <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0 text-lamp-300" />
          A co-host can advance phases and run the defences for everyone, so pick someone you trust to do it only when
          you cannot.
        </p>
        <label htmlFor="co-host-select" className="mb-2 block text-sm font-semibold text-paper-100">
          Co-host
        </label>
        <Select
          id="co-host-select"
          value={game.coHostPlayerId ?? NOBODY}
          onValueChange={(v) => void choose(v)}
          options={[{ value: NOBODY, label: 'No co-host' }, ...seatOptions(game.players.filter((p) => !p.isHost))]}
        />
      </DialogContent>
    </Dialog>
  );
}

/** Every phone shows who the co-host is (the hand-over is pushed to everyone). */
export function CoHostNotice({ game, myId }: { game: TGameView; myId: string | null }) {
  const coHost = game.players.find((p) => p.id === game.coHostPlayerId);
  if (!coHost) return null;
  return (
    <p className="flex items-center gap-2 text-sm text-paper-300" data-testid="co-host-notice">
      <LifeBuoy aria-hidden className="size-4 shrink-0 text-lamp-300" />
      {coHost.id === myId ? (
        <span>You are the co-host: you can move the game on if the host cannot.</span>
      ) : (
        <span>Co-host: {coHost.displayName}</span>
      )}
    </p>
  );
}
