import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { SEAT_PIN_DIGITS } from '@ss/protocol';

/**
 * PINs, claim secrets and seat-move codes never reach the log or the state: commands carry their HMAC, keyed with
 * the server secret (a database dump alone cannot test PINs offline) and salted with the game and seat (equal
 * PINs give different hashes).
 */
export function newPin(): string {
  return String(randomInt(0, 10 ** SEAT_PIN_DIGITS)).padStart(SEAT_PIN_DIGITS, '0');
}

/** A random secret for a claim or a seat-move code (256 bits, url-safe). */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function secretHash(key: string, kind: 'pin' | 'claim' | 'move', gameId: string, salt: string, value: string): string {
  return createHmac('sha256', key).update(`${kind}\u0000${gameId}\u0000${salt}\u0000${value}`).digest('base64url');
}

/** The hashes of one game's seat secrets, keyed with the server secret. */
export function seatHashes(key: string, gameId: string) {
  return {
    pin: (playerId: string, pin: string) => secretHash(key, 'pin', gameId, playerId, pin),
    claim: (requestId: string, secret: string) => secretHash(key, 'claim', gameId, requestId, secret),
    move: (ticket: string) => secretHash(key, 'move', gameId, '', ticket),
  };
}

/** A PIN for a new seat: the phone shows it once; the join command carries only its hash. */
export function dealPin(key: string, gameId: string, playerId: string): { pin: string; pinHash: string } {
  const pin = newPin();
  return { pin, pinHash: seatHashes(key, gameId).pin(playerId, pin) };
}
