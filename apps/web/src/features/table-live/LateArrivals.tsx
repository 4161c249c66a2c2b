import { useState } from 'react';
import { UserPlus } from 'lucide-react';
import type { TGameView } from '@ss/protocol';
import { Button, Dialog, DialogContent, DialogTrigger } from '../../components/ui';
import { errorMessage } from '../../lib/api';
import { toast } from '../../store/toast';
import { liveApi } from './liveApi';

/**
 * The host's (or co-host's) list of late arrivals who watch and wait, with the characters the storyline deals at
 * the new count: one tap seats an arrival as a Seeker. Shown only while someone waits and seats can still be dealt
 * (until the end of Day 1: the public view lists no characters after that).
 */
export function LateArrivals({ game }: { game: TGameView }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const waiting = (game.lateArrivals ?? []).filter((a) => a.status === 'watching');
  const characters = game.lateSeatCharacters ?? [];
  if (waiting.length === 0 || characters.length === 0) return null;

  async function seat(arrivalId: string, characterId: string, name: string, character: string) {
    setBusy(`${arrivalId}:${characterId}`);
    try {
      await liveApi.seatLate(game.id, arrivalId, characterId);
      toast({ title: `${name} joins as ${character}`, description: 'Their phone opens a catch-up by itself.', variant: 'success', duration: 4000 });
      setOpen(false);
    } catch (err) {
      toast({ title: 'Could not seat the late arrival', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="md" data-testid="late-arrivals">
          <UserPlus aria-hidden className="size-4" /> Late arrivals ({waiting.length})
        </Button>
      </DialogTrigger>
      <DialogContent title="Seat a late arrival" description="They join as a Seeker; the Shadows stay as dealt. Seats can be dealt until the end of Day 1.">
        <ul className="flex flex-col gap-4">
          {waiting.map((a) => (
            <li key={a.arrivalId} className="flex flex-col gap-2" data-testid="late-arrival">
              <p className="font-semibold break-words text-paper-50">{a.displayName} is watching</p>
              <ul className="flex flex-col gap-2" aria-label={`Characters for ${a.displayName}`}>
                {characters.map((c) => (
                  <li key={c.id}>
                    <Button
                      variant="ghost"
                      size="md"
                      block
                      className="justify-start"
                      disabled={busy !== null}
                      onClick={() => void seat(a.arrivalId, c.id, a.displayName, c.name)}
                      data-testid="seat-as"
                    >
                      <img src={c.imageUrl} alt="" className="size-8 shrink-0 rounded-full bg-paper-100 object-cover" />
                      <span className="min-w-0 text-left break-words">
                        Seat as {c.name} <span className="text-paper-300">({c.profession})</span>
                      </span>
                    </Button>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
