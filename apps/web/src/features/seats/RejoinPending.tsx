import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Hourglass } from 'lucide-react';
import type { TSeatPending } from '@ss/protocol';
import { Button } from '../../components/ui';
import { Spinner } from '../../components/ui/Spinner';
import { seatsApi } from './seatsApi';
import { takeSeat } from './resume';

const POLL_MS = 1500;

/**
 * The phone that asked for its seat waits here: it asks the server every 1.5 s and moves on by itself as soon as
 * the host (or co-host) approves. A refusal says so and offers to try again.
 */
export function RejoinPending({
  pending,
  displayName,
  onCancel,
}: {
  pending: TSeatPending;
  displayName: string;
  onCancel: () => void;
}) {
  const navigate = useNavigate();
  const [denied, setDenied] = useState(false);
  const stopped = useRef(false);

  useEffect(() => {
    stopped.current = false;
    let timer = 0;
    const poll = async () => {
      try {
        const res = await seatsApi.claim(pending.gameId, pending.requestId, pending.claimSecret);
        if (stopped.current) return;
        if (res.status === 'granted') return navigate(takeSeat(res, displayName), { replace: true });
        if (res.status === 'denied') return setDenied(true);
      } catch {
        // Offline or the server restarting: keep asking.
      }
      if (!stopped.current) timer = window.setTimeout(() => void poll(), POLL_MS);
    };
    timer = window.setTimeout(() => void poll(), POLL_MS);
    return () => {
      stopped.current = true;
      window.clearTimeout(timer);
    };
  }, [pending, displayName, navigate]);

  if (denied) {
    return (
      <div className="flex flex-col items-center gap-4 text-center" role="alert" data-testid="rejoin-denied">
        <p className="font-display text-xl font-bold text-paper-50">The host did not let this phone in</p>
        <p className="text-paper-200">Talk to your host, then try again.</p>
        <Button onClick={onCancel}>Try again</Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-4 text-center" data-testid="rejoin-pending">
      <Hourglass aria-hidden className="size-10 text-lamp-300" />
      <p className="font-display text-xl font-bold text-paper-50" role="status">
        Ask your host to let you back in
      </p>
      <p className="text-paper-200">
        Your host sees your request now. This screen moves on by itself once they tap Approve.
      </p>
      <Spinner label="Waiting for the host" />
      <Button variant="ghost" onClick={onCancel}>
        Use my seat PIN instead
      </Button>
    </div>
  );
}
