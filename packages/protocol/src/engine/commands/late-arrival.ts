import { z } from 'zod';
import { castFor, castPool } from '../../cast.js';
import { nameKey } from '../../text.js';
import { accept, defineCommand, unchanged } from '../command.js';
import { phaseDef, phasesOf } from '../phases.js';
import { Refusal, refuse } from '../refusals.js';
import { newSeat, type EngineStoryline, type TGameState } from '../state.js';

/**
 * Late arrivals. A guest who comes with the room code after the start watches the game (the table screen's view
 * on their phone, nothing secret) and waits; until the end of Day 1 the host may deal them a character nobody
 * holds, when the storyline's cast rules deal it at the new count of seats. A late arrival is a Seeker: the
 * Shadows dealt at the start stay as they are. The arriving phone then collects its seat with the secret only it
 * holds (like a rejoin); the server hashes secrets and PINs before they reach a command.
 */
const ZHash = z.string().min(1).max(200);
/** Watching arrivals a game keeps at most (each is an event in the log and a line on the host's phone). */
export const MAX_LATE_ARRIVALS = 20;

/** Whether the host may still seat a late arrival: from the start to the end of Day 1. */
export function lateSeatingOpen(s: TGameState, storyline: EngineStoryline): boolean {
  if (s.game.status !== 'in_progress') return false;
  const def = phaseDef(phasesOf(storyline), s.game.currentPhase);
  return !!def && (def.kind === 'homepage' || (def.kind === 'day' && def.day === 1));
}

/**
 * The characters a late arrival may be dealt now: those the cast table deals at the new count of seats (within the
 * storyline's player range and the game's character limit) that nobody holds yet. Empty when no seat may be added.
 */
export function lateSeatCharacters(s: TGameState, storyline: EngineStoryline): string[] {
  const count = s.players.length + 1;
  if (count > s.game.characterLimit || count > storyline.content.maxPlayers) return [];
  const held = new Set(s.players.map((p) => p.characterId));
  const pool = new Set(castPool(storyline.content, s.game.characterLimit));
  return castFor(storyline.content, count).filter((id) => pool.has(id) && !held.has(id));
}

export const arriveLate = defineCommand({
  type: 'arrive_late',
  schema: z.object({ type: z.literal('arrive_late'), arrivalId: z.uuid(), displayName: z.string().min(1).max(24), claimHash: ZHash }),
  who: ['guest'],
  decide({ command, state, now }) {
    if (state.game.status === 'setup') return refuse(Refusal.GAME_NOT_IN_PROGRESS, 'This game has not started: join it instead');
    if (state.game.status === 'completed') return refuse(Refusal.GAME_OVER, 'The game is over');
    const arrivals = state.lateArrivals ?? [];
    if (arrivals.length >= MAX_LATE_ARRIVALS) return refuse(Refusal.GAME_FULL, 'Too many people are waiting for a seat in this game');
    const key = nameKey(command.displayName);
    if (state.players.some((p) => nameKey(p.displayName) === key) || arrivals.some((a) => nameKey(a.displayName) === key)) {
      return refuse(Refusal.NAME_TAKEN, 'That display name is already taken in this game');
    }
    return accept({
      type: 'late_arrival_watching',
      arrival: { arrivalId: command.arrivalId, displayName: command.displayName, claimHash: command.claimHash, arrivedAt: now, status: 'watching', playerId: null },
    });
  },
});

export const seatLateArrival = defineCommand({
  type: 'seat_late_arrival',
  schema: z.object({ type: z.literal('seat_late_arrival'), arrivalId: z.uuid(), characterId: z.string().min(1).max(100), playerId: z.uuid() }),
  who: ['driver'],
  decide({ command, state, storyline, now }) {
    const arrival = state.lateArrivals?.find((a) => a.arrivalId === command.arrivalId);
    if (!arrival || arrival.status !== 'watching') return refuse(Refusal.REQUEST_NOT_FOUND, 'This late arrival has already been seated');
    if (!lateSeatingOpen(state, storyline)) return refuse(Refusal.LATE_SEATING_CLOSED, 'Late arrivals can be seated only until the end of Day 1');
    const count = state.players.length + 1;
    if (count > state.game.characterLimit || count > storyline.content.maxPlayers) {
      return refuse(Refusal.TOO_MANY_PLAYERS, `This storyline is played by at most ${Math.min(state.game.characterLimit, storyline.content.maxPlayers)} players`);
    }
    if (state.players.some((p) => p.characterId === command.characterId)) return refuse(Refusal.CHARACTER_TAKEN, 'This character is already assigned to another player');
    if (!lateSeatCharacters(state, storyline).includes(command.characterId)) {
      return refuse(Refusal.CHARACTER_NOT_AVAILABLE, `This character is not dealt in a game of ${count} players`);
    }
    const key = nameKey(arrival.displayName);
    if (state.players.some((p) => nameKey(p.displayName) === key)) return refuse(Refusal.NAME_TAKEN, 'That display name is already taken in this game');
    return accept({
      type: 'late_arrival_seated',
      arrivalId: arrival.arrivalId,
      player: newSeat({ id: command.playerId, displayName: arrival.displayName, characterId: command.characterId, team: 'seeker', joinedAt: new Date(now).toISOString() }),
    });
  },
});

/** The arriving phone collects its seat once seated; while it still waits nothing changes (the server says so). */
export const claimLateSeat = defineCommand({
  type: 'claim_late_seat',
  schema: z.object({ type: z.literal('claim_late_seat'), arrivalId: z.uuid(), claimHash: ZHash, pinHash: ZHash }),
  who: ['guest'],
  decide({ command, state }) {
    const arrival = state.lateArrivals?.find((a) => a.arrivalId === command.arrivalId && a.claimHash === command.claimHash);
    if (!arrival || arrival.status === 'claimed') return refuse(Refusal.REQUEST_NOT_FOUND, 'This seat is no longer waiting for you');
    if (arrival.status === 'watching' || !arrival.playerId) return unchanged();
    if (!state.players.some((p) => p.id === arrival.playerId)) return refuse(Refusal.REQUEST_NOT_FOUND, 'This seat is no longer in the game');
    return accept({ type: 'late_seat_claimed', arrivalId: arrival.arrivalId }, { type: 'seat_pin_set', playerId: arrival.playerId, pinHash: command.pinHash });
  },
});
