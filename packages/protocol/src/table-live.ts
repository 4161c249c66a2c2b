import { z } from 'zod';
import { ZCommandId } from './common.js';
import { REVEAL_LAST_STEP } from './engine/commands/reveal.js';
import { ZSeatGranted } from './seats.js';

/**
 * Live table: the shared reveal, late arrivals (watch, then a seat dealt by the host) and the host controls taken
 * over while the host's phone is away.
 */

/** The host (or co-host) moves the room's reveal to a step; any seat may ask for an automatic step once it is due. */
export const ZAdvanceRevealRequest = z.object({ toStep: z.number().int().min(1).max(REVEAL_LAST_STEP), commandId: ZCommandId });
export type TAdvanceRevealRequest = z.infer<typeof ZAdvanceRevealRequest>;

/** A guest with the room code of a game that has started: they watch, and wait for the host to deal them a seat. */
export const ZWatchRequest = z.object({ displayName: z.string().trim().min(1).max(24) });
export const ZWatchAnswer = z.object({
  gameId: z.uuid(),
  joinCode: z.string(),
  arrivalId: z.uuid(),
  displayName: z.string(),
  /** Proves to the server that the later claim comes from this phone (kept only as a hash). */
  claimSecret: z.string().min(32).max(128),
});
export type TWatchAnswer = z.infer<typeof ZWatchAnswer>;

/** The watching phone asks whether it has a seat yet; granted once (the token and the seat's PIN). */
export const ZLateSeatClaimRequest = z.object({ gameId: z.uuid(), arrivalId: z.uuid(), claimSecret: z.string().min(32).max(128) });
export const ZLateSeatClaimAnswer = z.discriminatedUnion('status', [ZSeatGranted, z.object({ status: z.literal('watching') })]);
export type TLateSeatClaimAnswer = z.infer<typeof ZLateSeatClaimAnswer>;

/** The host deals a watching late arrival a character (one of the view's `lateSeatCharacters`). */
export const ZSeatLateArrivalRequest = z.object({ characterId: z.string().min(1).max(100), commandId: ZCommandId });
export type TSeatLateArrivalRequest = z.infer<typeof ZSeatLateArrivalRequest>;

/** The co-host (or the leader) takes the host controls over after the host has been away for a minute. */
export const ZTakeOverRequest = z.object({ commandId: ZCommandId });
