import { z } from 'zod';

/**
 * The shape of a storyline content file (apps/realtime/content/<slug>/storyline.json).
 * The server parses every file with this schema at start-up; a bad file stops start-up naming file and field.
 * Roles (killer, detective, press-conference reader, memory-flash holders) are data here, never ids in code.
 */

const ZText = z.string().trim().min(1);
/** Public path of a static asset, served from the content folder: /content/<slug>/<file>. */
export const ZAssetUrl = z.string().regex(/^\/content\/[a-z0-9-]+\/[A-Za-z0-9_./-]+\.(svg|png|jpg|webp|mp4|webm)$/);

export const ZMediaItem = z.object({
  url: ZAssetUrl,
  caption: ZText,
  alt: ZText,
  type: z.enum(['image', 'video']).default('image'),
});
export type TMediaItem = z.infer<typeof ZMediaItem>;

/** An asset as the server hands it out: by its content hash (/media/<hash>.<ext>), never by its file name. */
export const ZServedMediaUrl = z.string().regex(/^\/media\/[0-9a-f]{32}\.(svg|png|jpg|webp|mp4|webm)$/);
export const ZServedMediaItem = ZMediaItem.extend({ url: ZServedMediaUrl });

export const ZCharacterDayContent = z.object({
  day: z.number().int().min(1).max(4),
  storyline: ZText,
  maps: z.array(ZMediaItem),
  clueImages: z.array(ZMediaItem),
  characterKnowledge: z.array(ZMediaItem),
  victimRelationship: ZText,
  /** Only for the press-conference reader. */
  pressConference: ZText.optional(),
  /** Only for memory-flash characters, days 2-4. */
  memoryFlash: ZText.optional(),
});
export type TCharacterDayContent = z.infer<typeof ZCharacterDayContent>;

export const ZContentCharacter = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: ZText,
  /** Short public label, e.g. 'Suspect' or 'Investigator'. */
  role: ZText,
  description: ZText,
  profession: ZText,
  age: z.number().int().min(1).max(120),
  height: ZText,
  gender: ZText,
  appearance: ZText,
  personality: ZText,
  backstory: ZText,
  relationships: ZText,
  secrets: ZText,
  motivation: ZText,
  image: ZMediaItem,
  gameObjective: ZText,
  /** Newline-separated lines, shown numbered. */
  specialInstructions: ZText,
  gameplayTips: ZText,
  storylineHomepage: ZText,
  pressConferenceHomepage: ZText.optional(),
  searchWarrantEvidence: z.array(ZMediaItem).min(1),
  killerRevealStory: ZText.optional(),
  days: z.array(ZCharacterDayContent).length(4),
});
export type TContentCharacter = z.infer<typeof ZContentCharacter>;

export const ZContentPricingTier = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  displayName: ZText,
  minPlayers: z.number().int().min(1),
  maxPlayers: z.number().int().min(1),
  priceCents: z.number().int().min(0),
  /** Characters unlocked by this tier: 10, 15 or 20. */
  characterLimit: z.number().int().min(1),
});

export const ZContentDay = z.object({
  day: z.number().int().min(1).max(4),
  /** e.g. 'July 14th, 1986' */
  date: ZText,
  name: ZText,
  /** Public summary clue of the day (phasesJson). */
  clue: ZText,
  bannerImage: ZAssetUrl,
});

export const ZStorylineContent = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  /** Bump when the file changes; the loader updates the stored storyline only when it grows. */
  version: z.number().int().min(1),
  title: ZText,
  summary: ZText,
  status: z.enum(['published', 'coming_soon']),
  minPlayers: z.number().int().min(3),
  maxPlayers: z.number().int().max(20),
  duration: ZText.default('45-60 min'),
  difficulty: ZText.default('Intermediate'),
  image: ZMediaItem,
  videoUrl: ZAssetUrl.optional(),
  pricingTiers: z.array(ZContentPricingTier).min(1),
  days: z.array(ZContentDay),
  roles: z
    .object({
      killerCharacterId: z.string(),
      detectiveCharacterId: z.string(),
      pressConferenceCharacterId: z.string(),
      memoryFlashCharacterIds: z.array(z.string()),
    })
    .optional(),
  /**
   * Cast order: for n players the first n ids are in play. The first `minPlayers` entries are the core cast
   * (they include killer and detective). Every id of `characters` appears once.
   */
  castOrder: z.array(z.string()),
  /** Shadows (killer included) per player count, keys "4".."20". */
  shadowsByPlayerCount: z.record(z.string(), z.number().int().min(1)),
  /** Characters who may be dealt the shadow side besides the killer, in no particular order. */
  shadowCandidates: z.array(z.string()),
  characters: z.array(ZContentCharacter),
});
export type TStorylineContent = z.infer<typeof ZStorylineContent>;
