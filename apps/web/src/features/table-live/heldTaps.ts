import { useGameRoom } from '../../store/gameRoom';
import { toast } from '../../store/toast';

/**
 * The host's taps while the phone is offline: held, and sent once the live connection is back (each carries its
 * command id, so a tap the server already took is not applied twice; a tap the game has moved past since is
 * refused by the server with its reason, shown like any refusal). At most one tap per kind is held: a second
 * "Next phase" while offline replaces the first.
 */
type HeldTap = { key: string; label: string; send: () => Promise<void> };
let held: HeldTap[] = [];
let watching = false;

export const isOffline = () => {
  const status = useGameRoom.getState().status;
  return status === 'offline' || status === 'reconnecting' || (typeof navigator !== 'undefined' && navigator.onLine === false);
};

function flushWhenBack() {
  if (watching) return;
  watching = true;
  const unsubscribe = useGameRoom.subscribe((s) => {
    if (s.status !== 'connected' || held.length === 0) return;
    const taps = held;
    held = [];
    unsubscribe();
    watching = false;
    for (const tap of taps) void tap.send();
    toast({ title: 'Back online', description: `Sent: ${taps.map((t) => t.label).join(', ')}.`, variant: 'success', duration: 3000 });
  });
}

/** Sends a host tap now, or holds it while offline and says so. Answers whether it was sent now. */
export async function sendOrHold(key: string, label: string, send: () => Promise<void>): Promise<boolean> {
  if (!isOffline()) {
    await send();
    return true;
  }
  held = [...held.filter((t) => t.key !== key), { key, label, send }];
  flushWhenBack();
  toast({ title: 'You are offline, reconnecting', description: `“${label}” will be sent when you are back online.`, duration: 5000 });
  return false;
}

/** For tests of the page: how many taps wait. */
export const heldCount = () => held.length;
