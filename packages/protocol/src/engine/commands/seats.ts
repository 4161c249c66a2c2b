import { z } from 'zod';
import { accept, defineCommand, unchanged } from '../command.js';
import type { TGameEvent } from '../events.js';
import { Refusal, refuse } from '../refusals.js';
import { findPlayer, type TLivePlayer } from '../state.js';

/**
 * Seats belong to devices. Rejoining by name alone only asks the host; the seat moves to the asking phone when
 * the player proves it with their seat PIN, when the host or co-host approves, through a one-time code the host
 * shows, or directly in testing mode. Every move raises the seat's token generation (`sessionVersion`), which
 * the server checks on every call, so every older token of the seat stops working.
 * The server hashes PINs and secrets before they reach a command: the engine only compares hashes.
 */
const ZHash = z.string().min(1).max(200);

const moved = (seat: TLivePlayer, via: 'pin' | 'host' | 'qr' | 'testing'): TGameEvent => ({
  type: 'seat_moved',
  playerId: seat.id,
  sessionVersion: seat.sessionVersion + 1,
  via,
});

/**
 * A phone asks for a seat by name. A wrong PIN is refused (WRONG_PIN) and changes nothing: wrong PINs never lock
 * the seat, or a stranger could lock its owner out. The server slows down the address that sends them instead
 * (its doors), and the owner's PIN, the host's approval and a host's seat-move code keep working.
 */
export const rejoinSeat = defineCommand({
  type: 'rejoin_seat',
  schema: z.object({
    type: z.literal('rejoin_seat'),
    displayName: z.string().min(1).max(24),
    pinHash: ZHash.optional(),
    /** The request made when the seat is not granted at once; its claim hash is of the asking phone's secret. */
    requestId: z.uuid(),
    claimHash: ZHash,
    /** A fresh PIN for the new phone when the seat moves without the old one (testing mode). */
    newPinHash: ZHash,
  }),
  who: ['guest'],
  decide({ command, state, now }) {
    const lower = command.displayName.trim().toLowerCase();
    const seat = state.players.find((p) => p.displayName.toLowerCase() === lower);
    if (!seat) return refuse(Refusal.PLAYER_NOT_FOUND, 'Player not found in game');
    if (seat.isHost) return refuse(Refusal.HOST_SEAT, 'The host gets back into the game by signing in');
    if (state.game.isTestingMode) return accept(moved(seat, 'testing'), { type: 'seat_pin_set', playerId: seat.id, pinHash: command.newPinHash });
    if (command.pinHash !== undefined) {
      const lock = state.seatLocks?.[seat.id];
      if (lock?.pinHash && lock.pinHash === command.pinHash) return accept(moved(seat, 'pin'));
      return refuse(Refusal.WRONG_PIN, 'Wrong PIN');
    }
    return accept({
      type: 'rejoin_requested',
      request: { requestId: command.requestId, playerId: seat.id, claimHash: command.claimHash, requestedAt: now, status: 'pending', grantedVersion: null },
    });
  },
});

/** The host or co-host answers a pending request with one tap; approving moves the seat at once. */
export const answerRejoin = defineCommand({
  type: 'answer_rejoin',
  schema: z.object({ type: z.literal('answer_rejoin'), requestId: z.uuid(), approve: z.boolean() }),
  who: ['driver'],
  decide({ command, state }) {
    const request = state.rejoinRequests?.find((r) => r.requestId === command.requestId && r.status === 'pending');
    const seat = findPlayer(state, request?.playerId);
    if (!request || !seat) return refuse(Refusal.REQUEST_NOT_FOUND, 'This request has already been answered');
    if (!command.approve) return accept({ type: 'rejoin_answered', requestId: request.requestId, approved: false });
    return accept({ type: 'rejoin_answered', requestId: request.requestId, approved: true }, moved(seat, 'host'));
  },
});

/**
 * The asking phone collects its seat once approved (with the secret only it holds). Still pending or denied:
 * nothing changes (the server reads which from the state). Collected once, or the seat moved again since: refused.
 */
export const claimRejoin = defineCommand({
  type: 'claim_rejoin',
  schema: z.object({ type: z.literal('claim_rejoin'), requestId: z.uuid(), claimHash: ZHash, newPinHash: ZHash }),
  who: ['guest'],
  decide({ command, state }) {
    const request = state.rejoinRequests?.find((r) => r.requestId === command.requestId && r.claimHash === command.claimHash);
    if (!request || request.status === 'claimed') return refuse(Refusal.REQUEST_NOT_FOUND, 'This request is no longer valid');
    if (request.status !== 'approved') return unchanged();
    const seat = findPlayer(state, request.playerId);
    if (!seat || seat.sessionVersion !== request.grantedVersion) return refuse(Refusal.REQUEST_NOT_FOUND, 'This seat has moved again since');
    return accept({ type: 'rejoin_claimed', requestId: request.requestId }, { type: 'seat_pin_set', playerId: seat.id, pinHash: command.newPinHash });
  },
});

/** The host makes a one-time code that moves a seat to the phone that scans it. */
export const issueSeatMove = defineCommand({
  type: 'issue_seat_move',
  schema: z.object({ type: z.literal('issue_seat_move'), playerId: z.uuid(), ticketHash: ZHash, expiresAt: z.number().int() }),
  who: ['host'],
  decide({ command, state }) {
    const seat = findPlayer(state, command.playerId);
    if (!seat) return refuse(Refusal.PLAYER_NOT_FOUND, 'Player not found in game');
    if (seat.isHost) return refuse(Refusal.HOST_SEAT, 'The host moves to another phone by signing in there');
    return accept({ type: 'seat_move_issued', move: { playerId: seat.id, ticketHash: command.ticketHash, expiresAt: command.expiresAt } });
  },
});

export const redeemSeatMove = defineCommand({
  type: 'redeem_seat_move',
  schema: z.object({ type: z.literal('redeem_seat_move'), ticketHash: ZHash, newPinHash: ZHash }),
  who: ['guest'],
  decide({ command, state, now }) {
    const move = state.seatMoves?.find((m) => m.ticketHash === command.ticketHash);
    const seat = findPlayer(state, move?.playerId);
    if (!move || !seat || move.expiresAt <= now) return refuse(Refusal.SEAT_CODE_INVALID, 'This seat code no longer works: ask your host for a new one');
    return accept(moved(seat, 'qr'), { type: 'seat_pin_set', playerId: seat.id, pinHash: command.newPinHash });
  },
});
