import { z } from 'zod';
import { ZCommandId } from './common.js';

/**
 * Table commands: the co-host who can drive the game if the host's phone dies, the host-run defences, and the
 * one-tap random deal of characters.
 */

/** The host names a co-host among the players (null takes the role back). Pushed to every phone. */
export const ZSetCoHostRequest = z.object({ playerId: z.uuid().nullable(), commandId: ZCommandId });
export type TSetCoHostRequest = z.infer<typeof ZSetCoHostRequest>;

/** The host (or co-host) starts a top suspect's defence, or ends the one running early. */
export const ZStartDefenceRequest = z.object({ suspectPlayerId: z.uuid(), commandId: ZCommandId });
export type TStartDefenceRequest = z.infer<typeof ZStartDefenceRequest>;
export const ZEndDefenceRequest = z.object({ commandId: ZCommandId });

/** Deals characters at random to every seat without one (essential characters first, within the tier's limit). */
export const ZDealCastRequest = z.object({ commandId: ZCommandId });
export type TDealCastRequest = z.infer<typeof ZDealCastRequest>;
