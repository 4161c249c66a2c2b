import { z } from 'zod';
import { ZGameView, ZMyCharacterResponse } from './games.js';
import { ZDayContent } from './voting.js';

/**
 * The author's preview of one seat (admins only): what the phone of the seat holding a character shows on a day
 * (or the homepage, day 0), for a case and a table size, built by the engine on a game that exists only in memory.
 */
export const ZSeatPreviewQuery = z.object({
  /** A case id of the storyline; its first case by default. */
  case: z.string().min(1, { error: 'case cannot be empty' }).max(100).optional(),
  /** The table size (the storyline's minimum by default). */
  players: z.coerce.number({ error: 'players must be a number' }).int({ error: 'players must be a whole number' }).optional(),
  /** The character the seat holds (the first of the cast dealt at that size by default). */
  as: z.string().min(1, { error: 'as cannot be empty' }).max(100).optional(),
  /** 0 for the homepage, else a story day (the homepage by default). */
  day: z.coerce.number({ error: 'day must be a number' }).int({ error: 'day must be a whole number' }).optional(),
  /** A deal in which the seat is on this side (the game's own seeded deal by default). */
  team: z.enum(['seeker', 'shadow'], { error: 'team must be seeker or shadow' }).optional(),
});
export type TSeatPreviewQuery = z.infer<typeof ZSeatPreviewQuery>;

export const ZSeatPreview = z.object({
  storylineId: z.string(),
  storylineVersion: z.number().int(),
  /** What the selectors offer: the storyline's cases, table sizes, days and the cast dealt at this size. */
  choices: z.object({
    cases: z.array(z.object({ id: z.string(), title: z.string() })),
    minPlayers: z.number().int(),
    maxPlayers: z.number().int(),
    days: z.array(z.object({ day: z.number().int(), name: z.string() })),
    dealt: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
  caseId: z.string(),
  players: z.number().int(),
  characterId: z.string(),
  day: z.number().int(),
  /** The game as every phone sees it, at that day's phase. */
  game: ZGameView,
  /** The seat's own view (its character, team and, for a Shadow, the roster). */
  me: ZMyCharacterResponse,
  /** The day page the phone fetches for that day; null on the homepage. */
  dayContent: ZDayContent.nullable(),
});
export type TSeatPreview = z.infer<typeof ZSeatPreview>;
