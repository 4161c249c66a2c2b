import { z } from 'zod';
import { MAX_DAYS, ZDay } from './story-days.js';
import { ZAnswerSheet, ZHostKit } from './host-kit.js';

/**
 * The shape of a storyline content file (apps/realtime/content/<slug>/storyline.json).
 * The server parses every file with this schema at start-up; a bad file stops start-up naming file and field.
 * Roles (killer, detective, press-conference reader, memory-flash holders) are data here, never ids in code.
 * A storyline declares its days (2 to 6, `days`); every per-day list (character days, shadow briefs, standing
 * suspects) has one entry per declared day, and the game's phase table is derived from their number.
 */

const ZText = z.string().trim().min(1);
/** A character id, an id of the solution (revelation, clue) or of any other content item. */
const ZId = z.string().regex(/^[a-z0-9-]+$/);
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
/**
 * One line of a day's "whom to ask": a person to talk to today and what about. Lines are data so the server
 * renders only characters in tonight's game.
 */
export const ZWhomToAsk = z.object({
  /** The character to talk to. */
  characterId: ZId,
  /** What to ask or tell them, read after their name: "did Ambrose tell her about the will?". May hold cast tokens. */
  about: ZText,
  /**
   * What replaces the line when `characterId` is not in tonight's game: a stand-in character (who must be dealt
   * whenever this line's holder is and `characterId` is not, at every count of the cast table) with its own
   * `about`, or without `characterId` a neutral line that names nobody ("ask who walked home by the mere").
   * Without it the line is left out when the character is absent.
   */
  ifAbsent: z.object({ characterId: ZId.optional(), about: ZText }).optional(),
});
export type TWhomToAsk = z.infer<typeof ZWhomToAsk>;

/** Ambiguous material a Shadow can push at one innocent today. */
export const ZShadowSteer = z.object({
  /** The innocent to steer suspicion to; left out of tonight's brief when that character is not in the game. */
  characterId: ZId,
  /** The ambiguous material and how to use it. Must be refutable by clues the seekers can reach. */
  material: ZText,
});

/**
 * A Shadow's private plan for one day, shown only on the phone of a Shadow holding this character (the killer's
 * own character has one too). Seekers never receive it; the host receives it only if the host's seat is a Shadow.
 */
export const ZShadowBrief = z.object({
  day: ZDay,
  /** What to keep from the seekers today. */
  hide: ZText,
  /** Whom to push suspicion at, with which ambiguous material (at least one target present at every count). */
  steer: z.array(ZShadowSteer).min(1),
  /** A lie no clue contradicts: safe to tell. */
  safeLie: ZText,
  /** A tempting lie that a clue catches (and so one the detective's power bites on). */
  riskyLie: ZText,
  /** Clue ids (solution.clues) that catch `riskyLie`. */
  caughtBy: z.array(ZId).min(1),
});
export type TShadowBrief = z.infer<typeof ZShadowBrief>;

export const ZCharacterDayContent = z.object({
  day: ZDay,
  storyline: ZText,
  maps: z.array(ZMediaItem),
  clueImages: z.array(ZMediaItem),
  characterKnowledge: z.array(ZMediaItem),
  victimRelationship: ZText,
  /** Only for the press-conference reader. */
  pressConference: ZText.optional(),
  /** Only for memory-flash characters, days 2 to the last. */
  memoryFlash: ZText.optional(),
  /**
   * Whom to ask today (two or three lines), rendered cast-aware. Replaces a "Whom to ask:" paragraph inside
   * `storyline` (the checker rejects such a paragraph once this is set).
   */
  whomToAsk: z.array(ZWhomToAsk).min(1),
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
  /** One entry for each day of the storyline (1 to N). */
  days: z.array(ZCharacterDayContent).max(MAX_DAYS),
  /**
   * Words and short phrases (case-insensitive, whole words) that give this character's secret away. Required
   * for the killer and every shadow candidate: no public field of the storyline may contain one.
   */
  privateWords: z.array(ZText).optional(),
  /** One brief per day of the storyline for the killer and every shadow candidate; nobody else has any. */
  shadowBriefs: z.array(ZShadowBrief).optional(),
});
export type TContentCharacter = z.infer<typeof ZContentCharacter>;

/**
 * Who may see each character field before the game ends. Public: what the host and every player may see
 * (name, role, public description, portrait and what a stranger would notice). Private: only the player who holds
 * the character (and, for shadow briefs, only while that player is a Shadow). The record is exhaustive, so a new
 * field does not compile until it is classed here; public views are built from this list.
 */
export type TFieldVisibility = 'public' | 'private';
export const CHARACTER_FIELD_VISIBILITY: Readonly<Record<keyof TContentCharacter, TFieldVisibility>> = {
  id: 'public',
  name: 'public',
  role: 'public',
  description: 'public',
  profession: 'public',
  age: 'public',
  height: 'public',
  gender: 'public',
  appearance: 'public',
  image: 'public',
  personality: 'private',
  backstory: 'private',
  relationships: 'private',
  secrets: 'private',
  motivation: 'private',
  gameObjective: 'private',
  specialInstructions: 'private',
  gameplayTips: 'private',
  storylineHomepage: 'private',
  pressConferenceHomepage: 'private',
  searchWarrantEvidence: 'private',
  killerRevealStory: 'private',
  days: 'private',
  privateWords: 'private',
  shadowBriefs: 'private',
};
export const PUBLIC_CHARACTER_FIELDS = (Object.keys(CHARACTER_FIELD_VISIBILITY) as Array<keyof TContentCharacter>).filter(
  (k) => CHARACTER_FIELD_VISIBILITY[k] === 'public',
);

export const ZContentPricingTier = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  displayName: ZText,
  minPlayers: z.number().int().min(1),
  maxPlayers: z.number().int().min(1),
  priceCents: z.number().int().min(0),
  /** Characters unlocked by this tier: at least its maxPlayers, at most the storyline's maxPlayers. */
  characterLimit: z.number().int().min(1),
});

export const ZContentDay = z.object({
  day: ZDay,
  /** e.g. 'July 14th, 1986' */
  date: ZText,
  name: ZText,
  /** The day's shared clue, shown in the game from this day on (never before the game: it may point at people). */
  clue: ZText,
  /**
   * Public teaser shown on the storyline list anyone can read before buying. Keeps to the premise: no clue of
   * this or a later day. Without it the list shows the day's name and date only.
   */
  teaser: ZText.optional(),
  bannerImage: ZAssetUrl,
});

/** One conclusion the seekers must reach to convict the killer (motive, means, false alibi...). */
export const ZRevelation = z.object({
  id: ZId,
  title: ZText,
  detail: ZText.optional(),
});

/**
 * One clue, declared so the checker can count it. It reaches the table when it is public without a holder (day
 * summary, a clue image everyone gets, a map), or when its holder is dealt (a public press conference needs its
 * reader; a private clue lives in the holder's texts).
 */
export const ZSolutionClue = z.object({
  id: ZId,
  /** The revelation ids it supports on its own. */
  revelations: z.array(ZId).min(1),
  /** The character whose texts carry it; omitted for public material every player gets. */
  holderId: ZId.optional(),
  day: ZDay,
  visibility: z.enum(['public', 'private']),
  /** One line: what the clue says. */
  summary: ZText,
  /**
   * Where the clue is carried, so the checker can see that a seat actually reads it: a character's day field
   * (`storyline`, `memoryFlash`, `pressConference`, `victimRelationship`, or a media list `maps`, `clueImages`,
   * `characterKnowledge`, optionally one item by `index`), a character's `searchWarrantEvidence` (shown when the
   * table serves the warrant on them after that day's vote), or without `characterId` the storyline day's shared
   * `clue`. Required for a published storyline (a draft may leave it out): it must exist, be non-empty and be read
   * by a seat dealt wherever the clue counts.
   */
  where: z
    .object({
      characterId: ZId.optional(),
      day: ZDay,
      field: z.enum([
        'storyline',
        'memoryFlash',
        'pressConference',
        'victimRelationship',
        'maps',
        'clueImages',
        'characterKnowledge',
        'searchWarrantEvidence',
        'clue',
      ]),
      index: z.number().int().min(0).optional(),
    })
    .optional(),
});
export type TSolutionClue = z.infer<typeof ZSolutionClue>;

/** A suspect still standing at the end of a day, and why. */
export const ZStandingSuspect = z.object({
  characterId: ZId,
  /** Motive, means or broken alibi that keeps them standing. */
  why: ZText,
  /** Clue ids that clear an innocent (two or more for an innocent standing through Day 3). */
  clearedBy: z.array(ZId).optional(),
});

export const ZStorylineSolution = z.object({
  revelations: z.array(ZRevelation).min(1),
  clues: z.array(ZSolutionClue).min(1),
  /** Per day of the storyline: the suspects still standing after that day's material. Every day before the last needs three or more. */
  standingSuspects: z.array(z.object({ day: ZDay, standing: z.array(ZStandingSuspect) })),
  /**
   * Optional money ledger: each account lists its items and the total the texts quote; the checker adds them up.
   * Without it the sums are not checked.
   */
  ledger: z
    .array(z.object({ label: ZText, items: z.array(z.object({ label: ZText, amount: z.number() })).min(1), total: z.number() }))
    .optional(),
});
export type TStorylineSolution = z.infer<typeof ZStorylineSolution>;

/**
 * What a case may rewrite of one character's day, field by field (a field not given keeps the shared text).
 * Public character fields are never here: a character's public face is the same in every case.
 */
export const ZCharacterDayOverride = z
  .object({
    day: ZDay,
    storyline: ZText.optional(),
    maps: z.array(ZMediaItem).optional(),
    clueImages: z.array(ZMediaItem).optional(),
    characterKnowledge: z.array(ZMediaItem).optional(),
    victimRelationship: ZText.optional(),
    pressConference: ZText.optional(),
    memoryFlash: ZText.optional(),
    whomToAsk: z.array(ZWhomToAsk).min(1).optional(),
  })
  .strict();
export type TCharacterDayOverride = z.infer<typeof ZCharacterDayOverride>;

/** The private sheet fields of a character that a case may rewrite. */
export const CASE_SHEET_FIELDS = [
  'personality',
  'backstory',
  'relationships',
  'secrets',
  'motivation',
  'gameObjective',
  'specialInstructions',
  'gameplayTips',
  'storylineHomepage',
  'pressConferenceHomepage',
] as const satisfies ReadonlyArray<keyof TContentCharacter>;

/**
 * One character as a case rewrites it. Shadow briefs and private words live only here (in a storyline with
 * cases): a character's brief depends on who the killer is. Strict: an unknown key (a public field among them)
 * is an error, not silently ignored.
 */
export const ZCharacterCaseOverride = z
  .object({
    ...Object.fromEntries(CASE_SHEET_FIELDS.map((f) => [f, ZText.optional()])) as Record<(typeof CASE_SHEET_FIELDS)[number], z.ZodOptional<typeof ZText>>,
    searchWarrantEvidence: z.array(ZMediaItem).min(1).optional(),
    privateWords: z.array(ZText).optional(),
    shadowBriefs: z.array(ZShadowBrief).optional(),
    days: z.array(ZCharacterDayOverride).optional(),
  })
  .strict();
export type TCharacterCaseOverride = z.infer<typeof ZCharacterCaseOverride>;

/** A case's rewrite of a storyline day: its shared clue. */
export const ZCaseDayOverride = z.object({ day: ZDay, clue: ZText }).strict();

/**
 * A case of a storyline: who did it, how and why, told at the reveal, and what of the shared texts differs.
 * The case (id and title included) is a secret of the game until the results.
 */
export const ZStorylineCase = z.object({
  id: ZId,
  /** Secret until the reveal: named in results, the case file and the report. */
  title: ZText,
  /** Essential (dealt at every count), never the detective; may be one of the storyline's shadow candidates. */
  killerCharacterId: ZId,
  /** Required in a case.json; absent only for the implicit case of the legacy single-case form. */
  motive: ZText.optional(),
  method: ZText.optional(),
  /** The case's story told at the reveal. */
  reveal: ZText,
  /** Who besides the killer may be dealt the Shadow side. Default: the storyline's shadow candidates minus the killer. */
  shadowCandidates: z.array(ZId).optional(),
  days: z.array(ZCaseDayOverride).optional(),
  characters: z.record(ZId, ZCharacterCaseOverride).optional(),
  /** The case's answer sheet, from cases/<id>/solution.json. */
  solution: ZStorylineSolution,
  /** The answer sheet in prose (cases/<id>/answer-sheet.json; legacy form: <slug>/answer-sheet.json), opened after the final vote. */
  answerSheet: ZAnswerSheet.optional(),
});
export type TStorylineCase = z.infer<typeof ZStorylineCase>;

/** A case.json as an author writes it: motive and method required, the solution in its own file. */
export const ZCaseFile = ZStorylineCase.omit({ solution: true, answerSheet: true }).extend({ motive: ZText, method: ZText }).strict();

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
  /** Each tier inside minPlayers..maxPlayers; together they cover the range without overlap (a published storyline). */
  pricingTiers: z.array(ZContentPricingTier).min(1),
  /** The storyline's days in order (day 1..N): 2 to 6 for a published storyline, any number up to 6 for a draft. */
  days: z.array(ZContentDay).max(MAX_DAYS),
  roles: z
    .object({
      /** Legacy single-case form only (no cases/ folder): the loader turns it into the implicit case `main`. */
      killerCharacterId: z.string().optional(),
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
  /**
   * The cast table: for each player count from minPlayers to maxPlayers (keys "6".."20"), the ids of the
   * characters dealt, exactly that many, essential characters first. The host's assignment list and the start
   * check follow it. Without it the cast at n players is the first n of castOrder.
   */
  castTable: z.record(z.string(), z.array(ZId)).optional(),
  /**
   * Characters dealt at every count (killer and detective among them). The clues that convict must reach the
   * table from these characters plus public material. Without it: the first minPlayers of castOrder.
   */
  essentialCharacterIds: z.array(ZId).optional(),
  /**
   * Named people who are not characters (the victim, relatives off stage, the pathologist): text may name them.
   * Any other "Mr X" or "Firstname Surname" in text that matches no character is flagged by the checker.
   */
  otherPeople: z.array(z.object({ name: ZText, note: ZText.optional() })).optional(),
  /** Why the storyline needs at least minPlayers players, shown in the lobby. */
  minPlayersReason: ZText.optional(),
  /**
   * The answer sheet as data: loaded from <slug>/solution.json (never from storyline.json) and never sent to a
   * client. The checker proves each revelation keeps a clue at every player count.
   */
  solution: ZStorylineSolution.optional(),
  characters: z.array(ZContentCharacter),
  /**
   * The cases (one cast, several solutions): each names its killer and rewrites what differs. Loaded from
   * cases/<id>/case.json + solution.json, or built from the legacy single-case form (see `legacyCase`).
   * Every playable storyline in memory has at least one; order is the folder order (the public case numbers).
   */
  cases: z.array(ZStorylineCase).optional(),
  /**
   * The host's kit (<slug>/host-kit.json): case-neutral per-phase notes and hint cards. Notes go to the host's
   * seats only; a hint's title and text become public once pushed.
   */
  hostKit: ZHostKit.optional(),
});
export type TStorylineContent = z.infer<typeof ZStorylineContent>;
