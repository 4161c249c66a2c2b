import { sql, type RawBuilder } from 'kysely';
import type { DB } from '../../db/database.js';

/**
 * Vote counts per game size and character, computed in the database. A game's size is its number of seated
 * players (removed players excluded). Percentages are shares of the group's votes, rounded to one decimal.
 */
export interface CharacterVoteRow {
  player_count: number;
  character_id: string;
  storyline_id: string;
  storyline_version: number;
  vote_count: number;
  /** Votes cast while this character was on the shadow side (teams are dealt per game). */
  shadow_votes: number;
  /** Votes cast while this character was the game's killer (the killer comes from each game's case). */
  killer_votes: number;
  percentage: number;
}
export interface SizeRow {
  player_count: number;
  total_games: number;
}

const sized = (where: RawBuilder<unknown>) => sql`
  SELECT g.id, g.storyline_id, g.storyline_version,
         (SELECT count(*) FROM game_players p WHERE p.game_id = g.id AND p.removed_at IS NULL)::int AS player_count
    FROM games g
   WHERE g.deleted_at IS NULL AND ${where}`;

const completed = sql`g.status = 'completed'`;
const testing = sql`g.is_testing_mode AND g.status <> 'setup'`;

export async function completedGameSizes(db: DB): Promise<SizeRow[]> {
  const r = await sql<SizeRow>`
    WITH g AS (${sized(completed)})
    SELECT player_count, count(*)::int AS total_games FROM g GROUP BY player_count ORDER BY player_count`.execute(db);
  return r.rows;
}

/** Every pick on every suspect ballot (three per ballot) of completed games. */
export async function suspectVotesBySize(db: DB): Promise<CharacterVoteRow[]> {
  const r = await sql<CharacterVoteRow>`
    WITH g AS (${sized(completed)}),
    picks AS (
      SELECT g.player_count, g.storyline_id, g.storyline_version, s.character_id, s.team, s.id = r.killer_player_id AS is_killer
        FROM g
        JOIN suspect_ballots b ON b.game_id = g.id
        CROSS JOIN LATERAL jsonb_array_elements_text(b.suspect_player_ids) AS e(pid)
        JOIN game_players s ON s.id = e.pid::uuid
        LEFT JOIN game_results r ON r.game_id = g.id
       WHERE s.character_id IS NOT NULL)
    SELECT player_count, character_id, min(storyline_id) AS storyline_id, max(storyline_version)::int AS storyline_version,
           count(*)::int AS vote_count,
           count(*) FILTER (WHERE team = 'shadow')::int AS shadow_votes,
           count(*) FILTER (WHERE is_killer)::int AS killer_votes,
           round(100.0 * count(*) / sum(count(*)) OVER (PARTITION BY player_count), 1)::float8 AS percentage
      FROM picks
     GROUP BY player_count, character_id
     ORDER BY player_count, vote_count DESC, character_id`.execute(db);
  return r.rows;
}

/** Final-vote accusations of completed games. */
export async function finalVotesBySize(db: DB): Promise<CharacterVoteRow[]> {
  const r = await sql<CharacterVoteRow>`
    WITH g AS (${sized(completed)})
    SELECT g.player_count, s.character_id, min(g.storyline_id) AS storyline_id, max(g.storyline_version)::int AS storyline_version,
           count(*)::int AS vote_count,
           count(*) FILTER (WHERE s.team = 'shadow')::int AS shadow_votes,
           count(*) FILTER (WHERE s.id = r.killer_player_id)::int AS killer_votes,
           round(100.0 * count(*) / sum(count(*)) OVER (PARTITION BY g.player_count), 1)::float8 AS percentage
      FROM g
      JOIN final_votes f ON f.game_id = g.id
      JOIN game_players s ON s.id = f.suspect_player_id
      LEFT JOIN game_results r ON r.game_id = g.id
     WHERE s.character_id IS NOT NULL
     GROUP BY g.player_count, s.character_id
     ORDER BY g.player_count, vote_count DESC, s.character_id`.execute(db);
  return r.rows;
}

export async function testingGameCount(db: DB): Promise<number> {
  const r = await sql<{ n: number }>`WITH g AS (${sized(testing)}) SELECT count(*)::int AS n FROM g`.execute(db);
  return r.rows[0]?.n ?? 0;
}

/** Daily suspicions of testing games, per day; a group's game count is the games with a vote that day. */
export async function dailyVotesBySize(db: DB): Promise<Array<CharacterVoteRow & { day: number }>> {
  const r = await sql<CharacterVoteRow & { day: number }>`
    WITH g AS (${sized(testing)})
    SELECT d.day, g.player_count, d.suspect_character_id AS character_id,
           min(g.storyline_id) AS storyline_id, max(g.storyline_version)::int AS storyline_version,
           count(*)::int AS vote_count,
           count(*) FILTER (WHERE s.team = 'shadow')::int AS shadow_votes,
           count(*) FILTER (WHERE s.id = r.killer_player_id)::int AS killer_votes,
           round(100.0 * count(*) / sum(count(*)) OVER (PARTITION BY d.day, g.player_count), 1)::float8 AS percentage
      FROM g
      JOIN daily_votes d ON d.game_id = g.id
      LEFT JOIN game_players s ON s.game_id = d.game_id AND s.character_id = d.suspect_character_id AND s.removed_at IS NULL
      LEFT JOIN game_results r ON r.game_id = g.id
     GROUP BY d.day, g.player_count, d.suspect_character_id
     ORDER BY d.day, g.player_count, vote_count DESC, d.suspect_character_id`.execute(db);
  return r.rows;
}

export async function dailyGameSizes(db: DB): Promise<Array<SizeRow & { day: number }>> {
  const r = await sql<SizeRow & { day: number }>`
    WITH g AS (${sized(testing)})
    SELECT d.day, g.player_count, count(DISTINCT g.id)::int AS total_games
      FROM g JOIN daily_votes d ON d.game_id = g.id
     GROUP BY d.day, g.player_count
     ORDER BY d.day, g.player_count`.execute(db);
  return r.rows;
}

export interface FeedbackSummaryRow {
  total_responses: number;
  avg_enjoyment: number | null;
  yes: number;
  maybe: number;
  no: number;
  day1: number;
  day2: number;
  day3: number;
  day4: number;
  day5: number;
  day6: number;
  never: number;
}

export async function feedbackSummary(db: DB): Promise<FeedbackSummaryRow> {
  const r = await sql<FeedbackSummaryRow>`
    SELECT count(*)::int AS total_responses,
           round(avg(f.enjoyment_rating)::numeric, 1)::float8 AS avg_enjoyment,
           count(*) FILTER (WHERE f.would_play_another = 'yes')::int AS yes,
           count(*) FILTER (WHERE f.would_play_another = 'maybe')::int AS maybe,
           count(*) FILTER (WHERE f.would_play_another = 'no')::int AS no,
           count(*) FILTER (WHERE f.theory_formation_day = 'day1')::int AS day1,
           count(*) FILTER (WHERE f.theory_formation_day = 'day2')::int AS day2,
           count(*) FILTER (WHERE f.theory_formation_day = 'day3')::int AS day3,
           count(*) FILTER (WHERE f.theory_formation_day = 'day4')::int AS day4,
           count(*) FILTER (WHERE f.theory_formation_day = 'day5')::int AS day5,
           count(*) FILTER (WHERE f.theory_formation_day = 'day6')::int AS day6,
           count(*) FILTER (WHERE f.theory_formation_day = 'never')::int AS never
      FROM feedback f JOIN games g ON g.id = f.game_id
     WHERE g.deleted_at IS NULL`.execute(db);
  const row = r.rows[0];
  if (!row) throw new Error('feedback summary returned no row');
  return row;
}

/** Most recent first; the screen shows them in scrolling lists, so a cap keeps the answer small. */
export async function feedbackTexts(db: DB, limit = 500): Promise<{ standoutMoments: string[]; clarityIssues: string[] }> {
  const rows = await db
    .selectFrom('feedback')
    .innerJoin('games', 'games.id', 'feedback.game_id')
    .select(['feedback.standout_moments', 'feedback.clarity_issues'])
    .where('games.deleted_at', 'is', null)
    .orderBy('feedback.created_at', 'desc')
    .limit(limit)
    .execute();
  return {
    standoutMoments: rows.map((r) => r.standout_moments).filter((s) => s.trim() !== ''),
    clarityIssues: rows.map((r) => r.clarity_issues ?? '').filter((s) => s.trim() !== ''),
  };
}
