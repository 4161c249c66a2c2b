import { randomUUID } from 'node:crypto';
import {
  Refusal,
  phaseRef,
  phasesOf,
  type TLivePlayer,
  type TGameState,
  type TRejoinClaimAnswer,
  type TSeatGranted,
  type TSeatPending,
  type TSeatRejoinRequest,
} from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { readRoom, runGameCommand } from '../game-runtime/command.js';
import { storylineFor } from '../games/games.service.js';
import { gameIdByCode } from '../games/join-code.js';
import { newPin, newSecret, seatHashes } from './seat-secrets.js';

const guest = { kind: 'guest' } as const;

const hashes = (ctx: AppContext, gameId: string) => seatHashes(ctx.config.JWT_SECRET, gameId);

/** A token of the seat's current generation, and where the phone resumes. */
async function granted(ctx: AppContext, room: TGameState, seat: TLivePlayer, pin: string | undefined): Promise<TSeatGranted> {
  const storyline = await storylineFor(ctx, room);
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
    characterName: seat.characterId ? (storyline.characters.get(seat.characterId)?.name ?? null) : null,
    game: { currentPhase: room.game.currentPhase, status: room.game.status, phase: phaseRef(phasesOf(storyline), room.game.currentPhase, room.game.status) },
  };
}

const seatIn = (room: TGameState, playerId: string) => {
  const seat = room.players.find((p) => p.id === playerId);
  if (!seat) throw new AppError('NOT_FOUND', 'Player not found in game', { reason: 'PLAYER_NOT_FOUND' });
  return seat;
};

/**
 * Rejoin by code and name: the seat only with its PIN (or in testing mode); otherwise a request the host answers.
 * A wrong PIN is refused (403 WRONG_PIN) and counted against the address that sent it and the seat's PIN budget
 * (both checked before anything is looked up); it never locks the seat, so the owner's PIN from another address,
 * the host's approval and the seat's own phone keep working.
 */
export async function rejoin(ctx: AppContext, input: TSeatRejoinRequest, address: string): Promise<TSeatGranted | TSeatPending> {
  const code = input.joinCode.trim().toUpperCase();
  const lower = input.displayName.trim().toLowerCase();
  const seatKey = `${code}:${lower}`;
  await ctx.doors.hit('joinCode', code);
  if (input.pin) {
    await ctx.doors.check('pinAddress', address);
    await ctx.doors.check('pinSeat', seatKey);
  }
  // An unknown or dead code answers exactly as an unknown name does, so rejoin tells a stranger nothing.
  const gameId = await gameIdByCode(ctx, code, 'any').catch(() => {
    throw notInGame();
  });
  const before = await readRoom(ctx, gameId).catch((err: unknown) => {
    throw strangerAnswer(err);
  });
  const h = hashes(ctx, gameId);
  const named = before.players.find((p) => p.displayName.toLowerCase() === lower);
  const requestId = randomUUID();
  const claimSecret = newSecret();
  const pin = newPin();
  // An unknown name still goes through the engine, which refuses it (PLAYER_NOT_FOUND) like every other refusal.
  const seatId = named?.id ?? requestId;
  let after: TGameState;
  try {
    after = await runGameCommand(
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
  } catch (err) {
    if (err instanceof AppError && err.extra.reason === Refusal.WRONG_PIN) {
      await ctx.doors.hit('pinAddress', address);
      await ctx.doors.hit('pinSeat', seatKey);
    }
    throw strangerAnswer(err);
  }
  if (after.rejoinRequests?.some((r) => r.requestId === requestId && r.status === 'pending')) {
    return { status: 'pending', gameId, requestId, claimSecret };
  }
  const seat = seatIn(after, seatId);
  return granted(ctx, after, seat, after.game.isTestingMode ? pin : undefined);
}

/** The one answer to a stranger for an unknown code, a dead code and an unknown name alike. */
const notInGame = () => new AppError('NOT_FOUND', 'Player not found in game', { reason: 'PLAYER_NOT_FOUND' });

/** A game or seat that is not there, or no longer, answers as notInGame; any other error stays itself. */
const strangerAnswer = (err: unknown) =>
  err instanceof AppError && (err.code === 'NOT_FOUND' || err.code === 'GAME_DELETED' || err.extra.reason === Refusal.PLAYER_NOT_FOUND) ? notInGame() : err;

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
  const after = await runGameCommand(ctx, gameId, { type: 'claim_rejoin', requestId, claimHash, newPinHash: h.pin(playerId, pin) }, guest);
  return granted(ctx, after, seatIn(after, playerId), pin);
}

export async function redeem(ctx: AppContext, gameId: string, ticket: string): Promise<TSeatGranted> {
  const h = hashes(ctx, gameId);
  const ticketHash = h.move(ticket);
  const room = await readRoom(ctx, gameId);
  const playerId = room.seatMoves?.find((m) => m.ticketHash === ticketHash)?.playerId ?? ticketHash;
  const pin = newPin();
  const after = await runGameCommand(ctx, gameId, { type: 'redeem_seat_move', ticketHash, newPinHash: h.pin(playerId, pin) }, guest);
  return granted(ctx, after, seatIn(after, playerId), pin);
}
