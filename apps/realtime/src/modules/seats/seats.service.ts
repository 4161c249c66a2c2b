import { randomUUID } from 'node:crypto';
import {
  MAX_PIN_TRIES,
  SEAT_MOVE_TTL_MS,
  phaseRef,
  phasesOf,
  type TLivePlayer,
  type TLiveRoom,
  type TRejoinClaimAnswer,
  type TSeatGranted,
  type TSeatMoveTicket,
  type TSeatPending,
  type TSeatRejoinRequest,
} from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Principal } from '../auth/principal.js';
import { readRoom, runCommand } from '../games/command.js';
import { gameCommand, storylineFor } from '../games/games.service.js';
import { newPin, newSecret, secretHash } from './seat-secrets.js';

const guest = { kind: 'guest' } as const;

function hashes(ctx: AppContext, gameId: string) {
  const key = ctx.config.JWT_SECRET;
  return {
    pin: (playerId: string, pin: string) => secretHash(key, 'pin', gameId, playerId, pin),
    claim: (requestId: string, secret: string) => secretHash(key, 'claim', gameId, requestId, secret),
    move: (ticket: string) => secretHash(key, 'move', gameId, '', ticket),
  };
}

/** A token of the seat's current generation, and where the phone resumes. */
async function granted(ctx: AppContext, room: TLiveRoom, seat: TLivePlayer, pin: string | undefined): Promise<TSeatGranted> {
  const sv = await storylineFor(ctx, room);
  const token = await ctx.tokens.sign({
    kind: 'player',
    sub: seat.id,
    gameId: room.game.id,
    sid: randomUUID(),
    name: seat.displayName,
    ver: seat.sessionVersion,
  });
  return {
    status: 'granted',
    token,
    gameId: room.game.id,
    playerId: seat.id,
    ...(pin ? { pin } : {}),
    characterName: seat.characterId ? (sv.characters.get(seat.characterId)?.name ?? null) : null,
    game: { currentPhase: room.game.currentPhase, status: room.game.status, phase: phaseRef(phasesOf(sv), room.game.currentPhase, room.game.status) },
  };
}

const seatIn = (room: TLiveRoom, playerId: string) => {
  const seat = room.players.find((p) => p.id === playerId);
  if (!seat) throw new AppError('NOT_FOUND', 'Player not found in game', { reason: 'PLAYER_NOT_FOUND' });
  return seat;
};

async function gameIdByCode(ctx: AppContext, code: string): Promise<string> {
  const row = await ctx.db
    .selectFrom('games')
    .select('id')
    .where('join_code', '=', code.trim().toUpperCase())
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!row) throw notFound('Game not found');
  return row.id;
}

/** A PIN for a new seat: the phone shows it once; the join command carries only its hash. */
export function dealPin(ctx: AppContext, gameId: string, playerId: string): { pin: string; pinHash: string } {
  const pin = newPin();
  return { pin, pinHash: hashes(ctx, gameId).pin(playerId, pin) };
}

/**
 * Rejoin by code and name: the seat only with its PIN (or in testing mode); otherwise a request the host answers.
 * A wrong PIN is counted in the log and answered 403 WRONG_PIN, or PIN_LOCKED once the seat is locked.
 */
export async function rejoin(ctx: AppContext, input: TSeatRejoinRequest): Promise<TSeatGranted | TSeatPending> {
  // An unknown code answers as an unknown name does, so rejoin does not tell a live code from a dead one.
  const gameId = await gameIdByCode(ctx, input.joinCode).catch(() => {
    throw notFound('Player not found in game');
  });
  const before = await readRoom(ctx, gameId);
  const h = hashes(ctx, gameId);
  const lower = input.displayName.trim().toLowerCase();
  const named = before.players.find((p) => p.displayName.toLowerCase() === lower);
  const requestId = randomUUID();
  const claimSecret = newSecret();
  const pin = newPin();
  // An unknown name still goes through the engine, which refuses it (PLAYER_NOT_FOUND) like every other refusal.
  const seatId = named?.id ?? requestId;
  const after = await runCommand(
    ctx,
    gameId,
    {
      type: 'rejoin_seat',
      displayName: input.displayName,
      requestId,
      claimHash: h.claim(requestId, claimSecret),
      newPinHash: h.pin(seatId, pin),
      ...(input.pin ? { pinHash: h.pin(seatId, input.pin) } : {}),
    },
    guest,
  );
  if (after.rejoinRequests?.some((r) => r.requestId === requestId && r.status === 'pending')) {
    return { status: 'pending', gameId, requestId, claimSecret };
  }
  const seat = seatIn(after, seatId);
  if (after.game.isTestingMode) return granted(ctx, after, seat, pin);
  const wrong = after.seatLocks?.[seat.id]?.wrongPins ?? 0;
  if (wrong >= MAX_PIN_TRIES) {
    throw new AppError('FORBIDDEN', 'Too many wrong PINs: ask your host to let you back in', { reason: 'PIN_LOCKED' });
  }
  if (wrong > 0) {
    throw new AppError('FORBIDDEN', `Wrong PIN: ${MAX_PIN_TRIES - wrong} ${MAX_PIN_TRIES - wrong === 1 ? 'try' : 'tries'} left`, { reason: 'WRONG_PIN' });
  }
  return granted(ctx, after, seat, undefined);
}

/** The pending phone's poll: answered from the state while nothing changes; collecting the seat is a command. */
export async function claim(ctx: AppContext, gameId: string, requestId: string, claimSecret: string): Promise<TRejoinClaimAnswer> {
  const h = hashes(ctx, gameId);
  const claimHash = h.claim(requestId, claimSecret);
  const room = await readRoom(ctx, gameId);
  const request = room.rejoinRequests?.find((r) => r.requestId === requestId && r.claimHash === claimHash);
  if (request?.status === 'pending') return { status: 'pending' };
  if (request?.status === 'denied') return { status: 'denied' };
  const pin = newPin();
  const playerId = request?.playerId ?? requestId;
  const after = await runCommand(ctx, gameId, { type: 'claim_rejoin', requestId, claimHash, newPinHash: h.pin(playerId, pin) }, guest);
  return granted(ctx, after, seatIn(after, playerId), pin);
}

export async function answer(ctx: AppContext, principal: Principal, gameId: string, requestId: string, approve: boolean, commandId?: string) {
  return gameCommand(ctx, principal, gameId, { type: 'answer_rejoin', requestId, approve }, commandId);
}

/** The host's one-time seat-move code (shown as a QR code); only its hash enters the log. */
export async function moveTicket(ctx: AppContext, principal: Principal, gameId: string, playerId: string): Promise<TSeatMoveTicket> {
  const ticket = newSecret();
  const expiresAt = Date.now() + SEAT_MOVE_TTL_MS;
  await runCommand(ctx, gameId, { type: 'issue_seat_move', playerId, ticketHash: hashes(ctx, gameId).move(ticket), expiresAt }, principal);
  return { playerId, ticket, path: `/move-seat#g=${gameId}&t=${ticket}`, expiresAt };
}

export async function redeem(ctx: AppContext, gameId: string, ticket: string): Promise<TSeatGranted> {
  const h = hashes(ctx, gameId);
  const ticketHash = h.move(ticket);
  const room = await readRoom(ctx, gameId);
  const playerId = room.seatMoves?.find((m) => m.ticketHash === ticketHash)?.playerId ?? ticketHash;
  const pin = newPin();
  const after = await runCommand(ctx, gameId, { type: 'redeem_seat_move', ticketHash, newPinHash: h.pin(playerId, pin) }, guest);
  return granted(ctx, after, seatIn(after, playerId), pin);
}
