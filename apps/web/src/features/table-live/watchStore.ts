import type { TWatchAnswer } from '@ss/protocol';

/**
 * A late arrival's claim on a seat, kept on this phone only (the server keeps a hash of the secret): the Watch
 * page asks with it whether the host has seated the phone yet.
 */
const key = (joinCode: string) => `watching_${joinCode.toUpperCase()}`;

function store(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function rememberWatching(w: TWatchAnswer): void {
  store()?.setItem(key(w.joinCode), JSON.stringify(w));
}

export function watchingFor(joinCode: string): TWatchAnswer | null {
  const raw = store()?.getItem(key(joinCode));
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<TWatchAnswer>;
    return v.gameId && v.arrivalId && v.claimSecret && v.displayName && v.joinCode ? (v as TWatchAnswer) : null;
  } catch {
    return null;
  }
}

export function forgetWatching(joinCode: string): void {
  store()?.removeItem(key(joinCode));
}
