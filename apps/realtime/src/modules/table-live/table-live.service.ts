import { randomUUID } from 'node:crypto';
import { phaseRef, phasesOf, type TLateSeatClaimAnswer, type TGameState, type TSeatGranted, type TWatchAnswer } from '@ss/protocol';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { readRoom, runGameCommand } from '../game-runtime/command.js';
import { storylineFor } from '../games/games.service.js';
import { gameIdByCode } from '../games/join-code.js';
import { newPin, newSecret, secretHash } from '../seats/seat-secrets.js';

const guest = { kind: 'guest' } as const;

const claimHash = (ctx: AppContext, gameId: string, arrivalId: string, secret: string) => secretHash(ctx.config.JWT_SECRET, 'claim', gameId, arrivalId, secret);
const pinHash = (ctx: AppContext, gameId: string, playerId: string, pin: string) => secretHash(ctx.config.JWT_SECRET, 'pin', gameId, playerId, pin);

/** A late arrival watches: the phone keeps the claim secret, the log only its hash. */
export async function watch(ctx: AppContext, joinCode: string, displayName: string): Promise<TWatchAnswer> {
  const gameId = await gameIdByCode(ctx, joinCode, 'playing');
  const arrivalId = randomUUID();
  const claimSecret = newSecret();
  const after = await runGameCommand(ctx, gameId, { type: 'arrive_late', arrivalId, displayName, claimHash: claimHash(ctx, gameId, arrivalId, claimSecret) }, guest);
  return { gameId, joinCode: after.game.joinCode, arrivalId, displayName, claimSecret };
}

async function granted(ctx: AppContext, room: TGameState, playerId: string, pin: string): Promise<TSeatGranted> {
  const seat = room.players.find((p) => p.id === playerId);
  if (!seat) throw new AppError('NOT_FOUND', 'This seat is no longer in the game', { reason: 'REQUEST_NOT_FOUND' });
  const storyline = await storylineFor(ctx, room);
  const token = await ctx.tokens.sign({ kind: 'player', sub: seat.id, gameId: room.game.id, sid: randomUUID(), name: seat.displayName, ver: seat.sessionVersion });
  return {
    status: 'granted',
    token,
    gameId: room.game.id,
    playerId: seat.id,
    pin,
    characterName: seat.characterId ? (storyline.characters.get(seat.characterId)?.name ?? null) : null,
    game: { currentPhase: room.game.currentPhase, status: room.game.status, phase: phaseRef(phasesOf(storyline), room.game.currentPhase, room.game.status) },
  };
}

/** The watching phone's poll: "watching" while it waits (read from the state), else it collects its seat once. */
export async function claimLateSeat(ctx: AppContext, gameId: string, arrivalId: string, claimSecret: string): Promise<TLateSeatClaimAnswer> {
  const hash = claimHash(ctx, gameId, arrivalId, claimSecret);
  const room = await readRoom(ctx, gameId);
  const arrival = room.lateArrivals?.find((a) => a.arrivalId === arrivalId && a.claimHash === hash);
  if (arrival?.status === 'watching') return { status: 'watching' };
  const playerId = arrival?.playerId ?? arrivalId;
  const pin = newPin();
  const after = await runGameCommand(ctx, gameId, { type: 'claim_late_seat', arrivalId, claimHash: hash, pinHash: pinHash(ctx, gameId, playerId, pin) }, guest);
  return granted(ctx, after, playerId, pin);
}
