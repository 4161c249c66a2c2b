import { useState } from 'react';
import { Check, UserRoundPlus, X } from 'lucide-react';
import type { TGameView } from '@ss/protocol';
import { Button } from '../../components/ui';
import { errorMessage } from '../../lib/api';
import { toast } from '../../store/toast';
import { seatLabel } from '../game/seatLabel';
import { seatsApi } from './seatsApi';

/**
 * Pending rejoin requests, pushed to the host (and co-host) the moment a phone asks: one tap lets the seat move
 * to that phone; the phone that held it is signed out.
 */
export function RejoinRequests({ game }: { game: TGameView }) {
  const [busy, setBusy] = useState<string | null>(null);
  const requests = game.rejoinRequests ?? [];
  if (requests.length === 0) return null;
  const name = (playerId: string) => {
    const p = game.players.find((x) => x.id === playerId);
    return p ? seatLabel(p) : 'A player';
  };

  async function answer(requestId: string, approve: boolean) {
    setBusy(requestId);
    try {
      await seatsApi.decide(game.id, requestId, approve);
    } catch (err) {
      toast({
        title: 'Could not answer the request',
        description: errorMessage(err, 'Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section
      aria-label="Rejoin requests"
      className="flex flex-col gap-2 rounded-xl border-2 border-lamp-400 bg-lamp-400/10 p-3"
      data-testid="rejoin-requests"
    >
      {requests.map((r) => {
        const who = name(r.playerId);
        const answering = busy === r.requestId;
        return (
          // The sentence has the whole width and the buttons their own row: beside them, a long name would be
          // squeezed into a column a few letters wide on a phone.
          <div key={r.requestId} className="flex flex-col gap-2" role="status">
            <p className="flex min-w-0 items-start gap-2 break-words text-paper-50">
              <UserRoundPlus aria-hidden className="mt-0.5 size-5 shrink-0 text-lamp-300" />
              <span className="min-w-0">
                <strong>{who}</strong> asks to rejoin on a new phone
              </span>
            </p>
            <div className="grid grid-cols-2 gap-2 sm:flex sm:justify-end">
              <Button size="md" disabled={answering} onClick={() => void answer(r.requestId, true)} aria-label={`Approve ${who}`}>
                <Check aria-hidden className="size-4" /> Approve
              </Button>
              <Button size="md" variant="ghost" disabled={answering} onClick={() => void answer(r.requestId, false)} aria-label={`Refuse ${who}`}>
                <X aria-hidden className="size-4" /> Refuse
              </Button>
            </div>
          </div>
        );
      })}
    </section>
  );
}
