import { z } from 'zod';
import { ZCommandId, ZIsoDate } from './common.js';
import { ZWinningTeam } from './engine/state.js';
import { ZCharacterSummary, ZPublicCharacter } from './games.js';
import { ZServedMediaItem } from './content.js';
import { ZDay } from './story-days.js';

// ---------- Day content ----------
export const ZDayContent = z.object({
  day: ZDay,
  date: z.string(),
  bannerImage: z.string(),
  /** The storyline's name for the day ("The Body in the Mere"). */
  dayName: z.string(),
  /** The day's shared clue, the same for every player. */
  dayClue: z.string(),
  storyline: z.string(),
  maps: z.array(z.string()),
  clueImages: z.array(z.string()),
  characterKnowledge: z.array(z.string()),
  /** The same images with captions and alt texts, for the media viewer. */
  mapsMedia: z.array(ZServedMediaItem),
  clueMedia: z.array(ZServedMediaItem),
  knowledgeMedia: z.array(ZServedMediaItem),
  victimRelationship: z.string(),
  pressConference: z.string().nullable(),
  memoryFlash: z.string().nullable(),
  /**
   * Whom to ask today, only characters in tonight's game: a named line (characterId and name) or a neutral line
   * naming nobody (both null) where the storyline's character is absent.
   */
  whomToAsk: z.array(z.object({ characterId: z.string().nullable(), name: z.string().nullable(), about: z.string() })),
  /** Today's shadow brief: only for a Shadow holding this character, null for everyone else. */
  shadowBrief: z
    .object({
      hide: z.string(),
      steer: z.array(z.object({ characterId: z.string(), name: z.string(), material: z.string() })),
      safeLie: z.string(),
      riskyLie: z.string(),
    })
    .nullable(),
});
export type TDayContent = z.infer<typeof ZDayContent>;

/** GET /api/characters/storyline/{id}: public fields only (no team, secrets or killer flag). */
export const ZPublicCharacterList = z.array(ZPublicCharacter);

/** GET /api/characters/{id}: public fields, plus killerRevealStory only after a completed game the caller played. */
export const ZCharacterDetail = ZPublicCharacter.extend({ killerRevealStory: z.string().nullable() });

// ---------- Detective ----------
export const ZRemoveVoteRequest = z.object({ playerId: z.uuid(), commandId: ZCommandId });

// ---------- Suspect vote (phase 5) ----------
export const ZSuspectVotesRequest = z.object({
  suspects: z.array(z.uuid(), { error: 'suspects must be a list of 3 player ids' }),
  commandId: ZCommandId,
});

export const ZRankedSuspectVote = z.object({
  playerId: z.uuid(),
  playerName: z.string(),
  character: ZCharacterSummary.nullable(),
  voteCount: z.number().int(),
  rank: z.number().int(),
});
/** How far a vote is: whether every eligible voter has voted, and the counts. */
const ZVoteCount = z.object({
  allVotesSubmitted: z.boolean(),
  totalVotes: z.number().int(),
  eligibleVoters: z.number().int(),
});
export const ZVotingResults = ZVoteCount.extend({
  /** Ranked, only once all votes are in (empty before, so early voters do not sway later ones). */
  suspectVotes: z.array(ZRankedSuspectVote),
  /** The top 3 with their search-warrant evidence, once revealed. */
  topSuspects: z.array(ZRankedSuspectVote.extend({ searchWarrantEvidence: z.array(ZServedMediaItem) })),
});
export type TVotingResults = z.infer<typeof ZVotingResults>;

// ---------- Final vote (phase 6) ----------
export const ZFinalVoteRequest = z.object({
  phase: z.literal(99, { error: 'phase must be 99 for the final vote' }),
  suspectId: z.uuid({ error: 'Please select who you believe is the killer.' }),
  commandId: ZCommandId,
});

export const ZFinalResults = ZVoteCount.extend({
  winner: z
    .object({
      playerId: z.uuid(),
      isKiller: z.boolean(),
      character: ZCharacterSummary.nullable(),
      playerName: z.string(),
      voteCount: z.number().int(),
    })
    .nullable(),
});
export type TFinalResults = z.infer<typeof ZFinalResults>;

const ZBreakdownRow = z.object({
  voterPlayer: z.string(),
  voterCharacter: z.string().nullable(),
  targetPlayer: z.string(),
  targetCharacter: z.string().nullable(),
});
export const ZVotingBreakdown = z.object({
  suspectVotes: z.array(ZBreakdownRow),
  finalVotes: z.array(ZBreakdownRow),
  totalPlayers: z.number().int(),
  suspectVoteCount: z.number().int(),
  finalVoteCount: z.number().int(),
});
export type TVotingBreakdown = z.infer<typeof ZVotingBreakdown>;

export const ZGameResults = z.object({
  gameId: z.uuid(),
  joinCode: z.string(),
  title: z.string(),
  storylineId: z.string(),
  completedAt: ZIsoDate,
  winningTeam: ZWinningTeam,
  accusedKiller: z.object({ playerId: z.uuid(), playerName: z.string(), characterName: z.string().nullable() }).nullable(),
  finalKiller: z.object({ playerId: z.uuid(), playerName: z.string(), characterName: z.string() }).nullable(),
  killerCorrect: z.boolean(),
  killerCharacterId: z.string().nullable(),
  killerRevealStory: z.string().nullable(),
  /** The case the game played (secret until now); null in results written before cases existed. */
  caseId: z.string().nullable().default(null),
  caseTitle: z.string().nullable().default(null),
  /** The case's motive and method, when the case states them. */
  caseMotive: z.string().nullable().default(null),
  caseMethod: z.string().nullable().default(null),
  playerResults: z.array(
    z.object({
      playerId: z.uuid(),
      playerName: z.string(),
      characterName: z.string().nullable(),
      team: z.enum(['seeker', 'shadow']).nullable(),
      isKiller: z.boolean(),
      isWinner: z.boolean(),
    }),
  ),
  /** Accused name -> final votes. */
  finalVotes: z.record(z.string(), z.number().int()),
});
export type TGameResults = z.infer<typeof ZGameResults>;

// ---------- Daily suspicion tracker (testing mode) ----------
export const ZDailyVoteRequest = z.object({
  gamePlayerId: z.uuid(),
  day: ZDay,
  suspectCharacterId: z.string().min(1).max(100),
});
export const ZDailyVote = z.object({
  gamePlayerId: z.uuid(),
  day: z.number().int(),
  suspectCharacterId: z.string(),
  suspectGpId: z.uuid().nullable(),
  createdAt: ZIsoDate,
});
export const ZDailyVoteList = z.array(ZDailyVote);

// ---------- Player notes (phase screen) ----------
export const ZPlayerNotes = z.object({ body: z.string().max(20_000), updatedAt: ZIsoDate.nullable() });
export const ZPutPlayerNotes = z.object({ body: z.string().max(20_000, 'Notes are limited to 20,000 characters') });

// ---------- Inferred types of the shapes above (appended) ----------
export type TCharacterDetail = z.infer<typeof ZCharacterDetail>;
export type TDailyVote = z.infer<typeof ZDailyVote>;
export type TPlayerNotes = z.infer<typeof ZPlayerNotes>;
