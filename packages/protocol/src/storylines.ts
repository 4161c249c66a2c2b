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
});
export type TStoryline = z.infer<typeof ZStoryline>;

export const ZStorylineList = z.array(ZStoryline);
export const ZPricingTierList = z.array(ZPricingTier);
