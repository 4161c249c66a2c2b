import { z } from 'zod';
import { ZGameParams, ZId } from './common.js';

// The path and query parameters of the REST routes that are not game commands (those come from the command table).

/** A room code in a path (join, watch): longer than a code reads as an unknown game. */
export const ZJoinCodeParams = z.object({ joinCode: z.string().trim().min(1).max(6, 'Game not found').describe('Room code') });

/** The table screen's room code (path or socket handshake): any other shape reads as an unknown game. */
export const ZTvJoinCodeParams = z.object({
  joinCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{4,10}$/, { error: 'Game not found' })
    .describe('Room code'),
});

/** A seat of a game in a path (a malformed id reads as a seat not in the game). */
export const ZGamePlayerParams = ZGameParams.extend({ gamePlayerId: z.uuid({ error: 'Player not found in game' }).describe('Seat (game player) id') });

/** A story day in a path: which days exist depends on the game's storyline, so the service checks the number. */
const ZDayParam = z.string().max(10).describe("Story day, 1 to the storyline's number of days");
export const ZGameDayParams = ZGameParams.extend({ day: ZDayParam });
export const ZGamePlayerDayParams = ZGamePlayerParams.extend({ day: ZDayParam });

export const ZCharacterParams = z.object({ characterId: ZId.describe('Character id') });
export const ZCharacterDayParams = ZCharacterParams.extend({ n: ZDayParam });
/** A host's or admin's token names the game of a day read; a seat token's game is its own. */
export const ZCharacterDayQuery = z.object({ gameId: z.uuid({ error: 'gameId must be a game id' }).optional() });

/** A storyline in a path where the lookup answers an unknown id with 404. */
export const ZStorylineParams = z.object({ id: z.string().describe('Storyline id') });
/** A storyline id in a path, checked for its shape first (the author's preview). */
export const ZStorylineIdParams = z.object({ id: ZId.describe('Storyline id') });
/** A storyline id as a slug (the host guide's file name is built from it). */
export const ZStorylineSlugParams = z.object({ id: z.string().regex(/^[a-z0-9-]+$/).max(100).describe('Storyline id') });
export const ZStorylineCastParams = z.object({ storylineId: ZId.describe('Storyline id') });

/** The cast a host may assign for a table size. */
export const ZCharactersQuery = z.object({ playerCount: z.coerce.number().int().min(1).max(20).optional() });

/** A discount code by id (an id that is not one reads as an unknown code). */
export const ZDiscountCodeParams = z.object({ id: z.string().describe('Discount code id') });

/** A storyline image by its content hash. */
export const ZMediaParams = z.object({ name: z.string().describe('Content hash and extension') });

/** The longest a long poll of a game is held; below common proxy and browser idle timeouts (nginx 60 s). */
export const LONG_POLL_MAX_SECONDS = 25;

/** `GET /api/games/{id}`: `waitForVersion` long-polls until the room passes that version. */
export const ZPollQuery = z.object({
  waitForVersion: z.coerce.number().int().min(0).optional(),
  waitSeconds: z.coerce.number().int().min(1).max(LONG_POLL_MAX_SECONDS).optional(),
});
