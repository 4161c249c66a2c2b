import type { TCharacterVote, TDailyVotingAnalytics, TFeedbackAnalytics, TGameSizeGroup, TSuspectVotingAnalytics } from '@ss/protocol';
import type { AppContext } from '../../context.js';
import {
  completedGameSizes,
  dailyGameSizes,
  dailyVotesBySize,
  feedbackSummary,
  feedbackTexts,
  finalVotesBySize,
  suspectVotesBySize,
  testingGameCount,
  type CharacterVoteRow,
  type SizeRow,
} from './analytics.repository.js';

/**
 * Turns counted rows into the wire shape: names and professions from the storyline content, and a team label.
 * The killer and the sides are dealt per game (the killer by the game's case), so a character counts as 'killer'
 * when most of the votes against them were cast while they were that game's killer, else as 'shadow' when most
 * were cast while they played a shadow.
 */
async function characterVote(ctx: AppContext, row: CharacterVoteRow): Promise<TCharacterVote> {
  let name = row.character_id;
  let profession = '';
  try {
    const storyline = await ctx.catalog.get(row.storyline_id, row.storyline_version);
    const ch = storyline.characters.get(row.character_id);
    name = ch?.name ?? name;
    profession = ch?.profession ?? '';
  } catch {
    // A storyline version that can no longer be read still has its counts shown, under the character id.
  }
  return {
    characterId: row.character_id,
    characterName: name,
    characterProfession: profession,
    characterTeam: row.killer_votes * 2 > row.vote_count ? 'killer' : row.shadow_votes * 2 > row.vote_count ? 'shadow' : 'seekers',
    voteCount: row.vote_count,
    percentage: Number(row.percentage),
  };
}

async function groups(ctx: AppContext, sizes: SizeRow[], rows: CharacterVoteRow[]): Promise<TGameSizeGroup[]> {
  const out: TGameSizeGroup[] = [];
  for (const size of sizes) {
    const mine = rows.filter((r) => r.player_count === size.player_count);
    out.push({
      playerCount: size.player_count,
      totalGames: size.total_games,
      totalVotes: mine.reduce((n, r) => n + r.vote_count, 0),
      characterVotes: await Promise.all(mine.map((r) => characterVote(ctx, r))),
    });
  }
  return out;
}

export async function suspectVotingAnalytics(ctx: AppContext): Promise<TSuspectVotingAnalytics> {
  const [sizes, suspects, finals] = await Promise.all([completedGameSizes(ctx.db), suspectVotesBySize(ctx.db), finalVotesBySize(ctx.db)]);
  return {
    totalGamesAnalyzed: sizes.reduce((n, s) => n + s.total_games, 0),
    suspectVoting: { gameSizeGroups: await groups(ctx, sizes, suspects) },
    finalConviction: { gameSizeGroups: await groups(ctx, sizes, finals) },
  };
}

export async function dailyVotingAnalytics(ctx: AppContext): Promise<TDailyVotingAnalytics> {
  const [total, sizes, rows] = await Promise.all([testingGameCount(ctx.db), dailyGameSizes(ctx.db), dailyVotesBySize(ctx.db)]);
  const day = async (d: number) => ({
    gameSizeGroups: await groups(
      ctx,
      sizes.filter((s) => s.day === d),
      rows.filter((r) => r.day === d),
    ),
  });
  // day1-day4 always (the four-day game's names); day5 and day6 once a longer storyline's game has votes on them.
  const last = Math.max(4, ...sizes.map((s) => s.day), ...rows.map((r) => r.day));
  const out: TDailyVotingAnalytics = { totalTestingGames: total, day1: await day(1), day2: await day(2), day3: await day(3), day4: await day(4) };
  if (last >= 5) out.day5 = await day(5);
  if (last >= 6) out.day6 = await day(6);
  return out;
}

export async function feedbackAnalytics(ctx: AppContext): Promise<TFeedbackAnalytics> {
  const [s, texts] = await Promise.all([feedbackSummary(ctx.db), feedbackTexts(ctx.db)]);
  return {
    totalResponses: s.total_responses,
    avgEnjoymentRating: s.avg_enjoyment === null ? 0 : Number(s.avg_enjoyment),
    futurePlayBreakdown: { yes: s.yes, maybe: s.maybe, no: s.no },
    // day5 and day6 only once someone answered them (a longer storyline's game), so four-day readers see what they knew.
    theoryFormationBreakdown: {
      day1: s.day1,
      day2: s.day2,
      day3: s.day3,
      day4: s.day4,
      ...(s.day5 > 0 ? { day5: s.day5 } : {}),
      ...(s.day6 > 0 ? { day6: s.day6 } : {}),
      never: s.never,
    },
    ...texts,
  };
}
