/**
 * How many days a storyline may declare. The content schema holds storylines to it and the engine derives each
 * game's phase table from the storyline's count (engine/phases.ts); both read it here so that neither imports
 * the other.
 */
export const MIN_DAYS = 2;
export const MAX_DAYS = 6;
