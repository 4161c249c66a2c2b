import { z } from 'zod';
import { ZIsoDate } from './common.js';
import { ZMailbox } from './auth.js';

/**
 * Per-day answers and figures are named `day1` … `day6` (a storyline has 2 to 6 days, engine/phases.ts). A game accepts the days of
 * its own storyline; analytics always carry `day1`-`day4` (the names of the four-day game) and `day5`/`day6` only
 * once there is something to count on those days.
 */
export type TTheoryDay = `day${1 | 2 | 3 | 4 | 5 | 6}`;
/** `day3` for day 3. */
export const theoryDay = (day: number) => `day${day}` as TTheoryDay;

/**
 * A report goes to one verified address: the signed-in host's own account address (any `email` sent is ignored),
 * or the address a player names, once they open the confirmation link mailed there.
 */
export const ZReportRequest = z.object({ email: ZMailbox.optional() });

const rating = z.number({ error: 'Ratings must be numbers from 1 to 5' }).int().min(1, 'Ratings must be from 1 to 5').max(5, 'Ratings must be from 1 to 5');

/** Whether a seat has given its testing-mode feedback. */
export const ZFeedbackGiven = z.object({ given: z.boolean() });
export const ZFeedbackRequest = z.object({
  gamePlayerId: z.uuid(),
  enjoymentRating: rating,
  /** `dayN` for one of the game's storyline days, or `never` (the server checks N against the game). */
  theoryFormationDay: z.enum(['day1', 'day2', 'day3', 'day4', 'day5', 'day6', 'never']),
  clarityIssues: z.string().trim().max(2000).nullable().optional(),
  standoutMoments: z.string({ error: 'Please share your favorite moment from the game.' }).trim().min(1, 'Please share your favorite moment from the game.').max(2000),
  wouldPlayAnother: z.enum(['yes', 'maybe', 'no']),
});

export const SURVEY_RATINGS = [
  'overallRating',
  'storylineRating',
  'characterRating',
  'difficultyRating',
  'paceRating',
  'mysteryEngagement',
  'characterSatisfaction',
  'characterClarityRating',
  'votingSystemRating',
  'evidenceQualityRating',
] as const;

export const ZSurveyRequest = z.object({
  gamePlayerId: z.uuid(),
  overallRating: rating,
  storylineRating: rating,
  characterRating: rating,
  difficultyRating: rating,
  paceRating: rating,
  mysteryEngagement: rating,
  characterSatisfaction: rating,
  characterClarityRating: rating,
  votingSystemRating: rating,
  evidenceQualityRating: rating,
  favoriteAspect: z.string().trim().max(2000).default(''),
  leastFavoriteAspect: z.string().trim().max(2000).default(''),
  suggestionsFeedback: z.string().trim().max(2000).default(''),
  wouldRecommend: z.boolean(),
  wouldPlayAgain: z.boolean(),
  interestedInOtherStorylines: z.boolean(),
});
export const ZSurvey = ZSurveyRequest.extend({ submittedAt: ZIsoDate });
export const ZSurveyResponse = z.object({ survey: ZSurvey.nullable() });

export const ZCharacterVote = z.object({
  characterId: z.string(),
  characterName: z.string(),
  characterProfession: z.string(),
  characterTeam: z.enum(['seekers', 'killer', 'shadow']),
  voteCount: z.number().int(),
  percentage: z.number(),
});
export const ZGameSizeGroup = z.object({
  playerCount: z.number().int(),
  totalGames: z.number().int(),
  totalVotes: z.number().int(),
  characterVotes: z.array(ZCharacterVote),
});
export const ZSuspectVotingAnalytics = z.object({
  totalGamesAnalyzed: z.number().int(),
  suspectVoting: z.object({ gameSizeGroups: z.array(ZGameSizeGroup) }),
  finalConviction: z.object({ gameSizeGroups: z.array(ZGameSizeGroup) }),
});
export const ZDailyVotingAnalytics = z.object({
  totalTestingGames: z.number().int(),
  day1: z.object({ gameSizeGroups: z.array(ZGameSizeGroup) }),
  day2: z.object({ gameSizeGroups: z.array(ZGameSizeGroup) }),
  day3: z.object({ gameSizeGroups: z.array(ZGameSizeGroup) }),
  day4: z.object({ gameSizeGroups: z.array(ZGameSizeGroup) }),
  day5: z.object({ gameSizeGroups: z.array(ZGameSizeGroup) }).optional(),
  day6: z.object({ gameSizeGroups: z.array(ZGameSizeGroup) }).optional(),
});
export const ZFeedbackAnalytics = z.object({
  totalResponses: z.number().int(),
  avgEnjoymentRating: z.number(),
  futurePlayBreakdown: z.object({ yes: z.number().int(), maybe: z.number().int(), no: z.number().int() }),
  theoryFormationBreakdown: z.object({
    day1: z.number().int(),
    day2: z.number().int(),
    day3: z.number().int(),
    day4: z.number().int(),
    day5: z.number().int().optional(),
    day6: z.number().int().optional(),
    never: z.number().int(),
  }),
  standoutMoments: z.array(z.string()),
  clarityIssues: z.array(z.string()),
});

/**
 * POST /api/games/{id}/request-report and POST /api/reports/confirm answer (202): queued; or not queued because
 * the same address got it minutes ago, or because a confirmation link was mailed to the address first.
 * `toAccount`: the report goes to the signed-in host's own account address.
 */
export const ZReportRequestResponse = z.object({
  queued: z.boolean(),
  reason: z.enum(['recently_requested', 'confirmation_sent']).optional(),
  toAccount: z.boolean().optional(),
});
export type TReportRequestResponse = z.infer<typeof ZReportRequestResponse>;

export type TFeedbackRequest = z.infer<typeof ZFeedbackRequest>;
export type TSurveyRequest = z.infer<typeof ZSurveyRequest>;
export type TSurvey = z.infer<typeof ZSurvey>;
export type TSurveyResponse = z.infer<typeof ZSurveyResponse>;
export type TCharacterVote = z.infer<typeof ZCharacterVote>;
export type TGameSizeGroup = z.infer<typeof ZGameSizeGroup>;
export type TSuspectVotingAnalytics = z.infer<typeof ZSuspectVotingAnalytics>;
export type TDailyVotingAnalytics = z.infer<typeof ZDailyVotingAnalytics>;
export type TFeedbackAnalytics = z.infer<typeof ZFeedbackAnalytics>;
