import { z } from 'zod';

export const ZStorylineStatus = z.enum(['published', 'coming_soon']);

export const ZPricingTier = z.object({
  id: z.string(),
  storylineId: z.string(),
  displayName: z.string(),
  minPlayers: z.number().int(),
  maxPlayers: z.number().int(),
  priceCents: z.number().int(),
  characterLimit: z.number().int(),
});
export type TPricingTier = z.infer<typeof ZPricingTier>;

/**
 * A day on the public storyline page (readable before buying): name, date and a premise-only teaser. The day's
 * clue is never here: it may point at people, and it opens in the game on its day.
 */
export const ZStorylinePhase = z.object({ name: z.string(), date: z.string(), day: z.number().int(), teaser: z.string().nullable() });

export const ZStoryline = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  /** Lowest tier price, in cents. */
  price: z.number().int(),
  minPlayers: z.number().int(),
  maxPlayers: z.number().int(),
  duration: z.string(),
  difficulty: z.string(),
  status: ZStorylineStatus,
  imageUrl: z.string(),
  imageAlt: z.string(),
  videoUrl: z.string().nullable(),
  phasesJson: z.array(ZStorylinePhase),
  characterCount: z.number().int(),
  /** How many cases (solutions) the storyline ships: each can be played once without knowing the answer. */
  caseCount: z.number().int(),
  /**
   * Whether it can be bought now: a published storyline always; a coming-soon one only while its player range,
   * pricing tiers and summary agree (otherwise a prepurchase is refused).
   */
  onSale: z.boolean(),
});
export type TStoryline = z.infer<typeof ZStoryline>;

/**
 * GET /api/storylines/{id}/cases, for the signed-in host choosing a case: the cases by number (their folder
 * order), each named only when this host has finished a game of it (a title can give the answer away, and the
 * host plays blind). The case ids stay on the server; a host picks by number.
 */
export const ZStorylineCaseChoice = z.object({
  number: z.number().int().min(1),
  /** The case's title, only once this host has finished a game of it; otherwise null. */
  title: z.string().nullable(),
  /** Completed games of this case hosted by the caller. */
  finishedGames: z.number().int(),
});
export const ZStorylineCases = z.object({ storylineId: z.string(), cases: z.array(ZStorylineCaseChoice) });
export type TStorylineCases = z.infer<typeof ZStorylineCases>;

export const ZStorylineList = z.array(ZStoryline);
export const ZPricingTierList = z.array(ZPricingTier);
