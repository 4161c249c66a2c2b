import { phaseRef, phasesOf, type TDashboardGame } from '@ss/protocol';
import { sql } from 'kysely';
import type { DB } from '../../db/database.js';
import type { StorylineCatalog } from '../storylines/storyline-catalog.js';

/**
 * A host's games for the dashboard, newest first, with their seated players counted: active or completed ones.
 * Each names its phase by key, kind and day from its storyline version's phase table, and a completed game its
 * case (from its results, which exist only once the game is over).
 */
export async function hostedGames(db: DB, catalog: StorylineCatalog, userId: string, completed: boolean): Promise<TDashboardGame[]> {
  const rows = await db
    .selectFrom('games')
    .innerJoin('storylines', 'storylines.id', 'games.storyline_id')
    .leftJoin('game_players', (j) => j.onRef('game_players.game_id', '=', 'games.id').on('game_players.removed_at', 'is', null))
    .select((eb) => [
      'games.id',
      'games.join_code',
      'games.created_at',
      'games.status',
      'games.current_phase',
      'games.storyline_id',
      'games.storyline_version',
      'games.is_testing_mode',
      'storylines.title',
      eb.fn.count<string>('game_players.id').as('player_count'),
      sql<string | null>`(SELECT r.data->>'caseTitle' FROM game_results r WHERE r.game_id = games.id AND games.status = 'completed')`.as('case_title'),
    ])
    .where('games.host_user_id', '=', userId)
    .where('games.deleted_at', 'is', null)
    .where('games.status', completed ? '=' : '<>', 'completed')
    .groupBy(['games.id', 'storylines.title'])
    .orderBy('games.created_at', 'desc')
    .execute();
  const tables = new Map<string, ReturnType<typeof phasesOf>>();
  for (const r of rows) {
    const key = `${r.storyline_id}@${r.storyline_version}`;
    if (!tables.has(key)) tables.set(key, phasesOf(await catalog.get(r.storyline_id, r.storyline_version)));
  }
  return rows.map((r) => ({
    id: r.id,
    joinCode: r.join_code,
    createdAt: new Date(r.created_at).toISOString(),
    status: r.status,
    currentPhase: r.current_phase,
    phase: phaseRef(tables.get(`${r.storyline_id}@${r.storyline_version}`)!, r.current_phase, r.status),
    title: r.title,
    storylineId: r.storyline_id,
    playerCount: Number(r.player_count),
    isTestingMode: r.is_testing_mode,
    caseTitle: r.case_title ?? null,
  }));
}
