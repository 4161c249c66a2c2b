/**
 * The seat PIN lives only on the player's own phone: the server keeps a hash, so it can never show it again.
 * It is shown once right after joining (or after a seat move that dealt a new one) and then under the
 * character screen's menu.
 */
const key = (playerId: string) => `seat_pin_${playerId}`;
const shownKey = (playerId: string) => `seat_pin_shown_${playerId}`;

function store(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function rememberPin(playerId: string, pin: string): void {
  store()?.setItem(key(playerId), pin);
  store()?.removeItem(shownKey(playerId));
}

export function pinOf(playerId: string): string | null {
  return store()?.getItem(key(playerId)) ?? null;
}

/** Whether the one-time PIN notice is still due for this seat. */
export function pinNoticeDue(playerId: string): boolean {
  return pinOf(playerId) !== null && store()?.getItem(shownKey(playerId)) !== '1';
}

export function markPinShown(playerId: string): void {
  store()?.setItem(shownKey(playerId), '1');
}
