import { z } from 'zod';
import { ZCommandId } from './common.js';
import { ZDisplayName } from './auth.js';
import { ZGameView, ZJoinCode, ZJoinResponse } from './games.js';
import { ZPhaseRef } from './engine/phases.js';
import { ZGameStatus } from './engine/state.js';

/**
 * Seats belong to devices. A seat is handed to another phone only when the player proves it is theirs (their seat
 * PIN), when the host (or co-host) approves the request with one tap, through a one-time QR code the host shows,
 * or directly in testing mode. Every move bumps the seat's token generation, so every older token of the seat
 * stops working and the old phone is told "This seat moved to another phone".
 */

/** Digits of the PIN the server deals each seat at join (shown once on the player's phone, kept only as a hash). */
export const SEAT_PIN_DIGITS = 4;
/** How long a host's seat-move QR code stays valid. */
export const SEAT_MOVE_TTL_MS = 10 * 60 * 1000;

export const ZSeatPin = z.string().regex(/^\d{4,6}$/, 'A seat PIN is 4 to 6 digits');

/** The join answer carries the seat's PIN once; the phone keeps it to show under the character screen's menu. */
export const ZJoinWithPinResponse = ZJoinResponse.extend({ pin: ZSeatPin });
export type TJoinWithPinResponse = z.infer<typeof ZJoinWithPinResponse>;

export const ZSeatRejoinRequest = z.object({
  joinCode: ZJoinCode.refine((s) => s.length > 0, 'Missing information'),
  displayName: ZDisplayName,
  /** The seat PIN; without it the rejoin only asks the host. */
  pin: ZSeatPin.optional(),
});
export type TSeatRejoinRequest = z.infer<typeof ZSeatRejoinRequest>;

/** The seat is this phone's now: a token of the new generation (and a fresh PIN when the old one was not given). */
export const ZSeatGranted = ZJoinResponse.extend({
  status: z.literal('granted'),
  /** A new PIN when the seat moved without one (host approval, QR, testing mode); absent after a PIN rejoin. */
  pin: ZSeatPin.optional(),
  characterName: z.string().nullable(),
  /** Where the game is, so the phone opens the right screen: `phase` says which, whatever the storyline's days. */
  game: z.object({ currentPhase: z.number().int(), status: ZGameStatus, phase: ZPhaseRef }),
});
export type TSeatGranted = z.infer<typeof ZSeatGranted>;

/** The request waits for the host. The phone polls with its claim secret and moves on once approved. */
export const ZSeatPending = z.object({
  status: z.literal('pending'),
  gameId: z.uuid(),
  requestId: z.uuid(),
  /** Proves to the server that a later poll comes from the phone that asked (kept only as a hash). */
  claimSecret: z.string().min(32).max(128),
});
export type TSeatPending = z.infer<typeof ZSeatPending>;

export const ZSeatDenied = z.object({ status: z.literal('denied') });

export const ZRejoinAnswer = z.discriminatedUnion('status', [ZSeatGranted, ZSeatPending]);
export type TRejoinAnswer = z.infer<typeof ZRejoinAnswer>;

/** Poll of a pending request: still pending, denied, or granted (the token, once). */
export const ZRejoinClaimRequest = z.object({
  gameId: z.uuid(),
  requestId: z.uuid(),
  claimSecret: z.string().min(32).max(128),
});
export type TRejoinClaimRequest = z.infer<typeof ZRejoinClaimRequest>;
export const ZRejoinClaimAnswer = z.discriminatedUnion('status', [
  ZSeatGranted,
  ZSeatPending.pick({ status: true }),
  ZSeatDenied,
]);
export type TRejoinClaimAnswer = z.infer<typeof ZRejoinClaimAnswer>;

/** The host (or co-host) answers a rejoin request. */
export const ZRejoinDecisionRequest = z.object({
  requestId: z.uuid(),
  approve: z.boolean(),
  commandId: ZCommandId,
});
export type TRejoinDecisionRequest = z.infer<typeof ZRejoinDecisionRequest>;

/** A one-time seat-move code for one seat (shown by the host as a QR code). */
export const ZSeatMoveTicket = z.object({
  playerId: z.uuid(),
  ticket: z.string().min(32).max(128),
  /** The path the QR code opens (`/move-seat#g=…&t=…`); the code rides in the fragment, never in a request line. */
  path: z.string(),
  expiresAt: z.number().int(),
});
export type TSeatMoveTicket = z.infer<typeof ZSeatMoveTicket>;
export const ZRedeemSeatMoveRequest = z.object({ ticket: z.string().min(32).max(128) });

/** What every phone of the game sees of pending rejoin requests (the host and co-host act on them). */
export const ZPublicRejoinRequest = ZGameView.shape.rejoinRequests.unwrap().element;
export type TPublicRejoinRequest = z.infer<typeof ZPublicRejoinRequest>;

/** Pushed to a seat's old phone(s) when the seat moved to another phone; their token no longer works. */
export const ZSeatMovedEvent = z.object({ gameId: z.uuid(), playerId: z.uuid() });
export type TSeatMovedEvent = z.infer<typeof ZSeatMovedEvent>;
