import { z } from 'zod';

/**
 * How many days a storyline may declare. The content schema holds storylines to it and the engine derives each
 * game's phase table from the storyline's count (engine/phases.ts); both read it here so that neither imports
 * the other.
 */
export const MIN_DAYS = 2;
export const MAX_DAYS = 6;

/** A storyline day: 1 to the storyline's number of days (the loader checks the upper bound per storyline). */
export const ZDay = z.number().int().min(1).max(MAX_DAYS);
