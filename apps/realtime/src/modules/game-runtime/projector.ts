import { gameCast, nameKey, renderCastText, storylineOf, type TGameResults, type TLiveGame, type TLivePlayer, type TGameState } from '@ss/protocol';
import { sql, type OperationNodeSource, type QueryCreator, type Transaction } from 'kysely';
import { incomingWins } from '../../db/incoming-wins.js';
import type { Database } from '../../db/schema.js';
import type { StorylineVersion } from '../storylines/storyline-catalog.js';

export type Tx = Transaction<Database>;

/** One write of a commit: run alone inside a transaction, or as one part of the commit's single statement. */
export interface Statement extends OperationNodeSource {
  execute(): Promise<unknown>;
}

/** One game's change in a commit: the state before the batch (null for a new game) and after it. */
export interface Change {
  before: TGameState | null;
  after: TGameState;
  storyline: StorylineVersion;
}

const GAME_FIELDS: (keyof TLiveGame)[] = ['status', 'currentPhase', 'feedbackMode', 'expectedPlayers', 'leaderPlayerId', 'startedAt', 'completedAt', 'deletedAt'];
const PLAYER_FIELDS: (keyof TLivePlayer)[] = ['displayName', 'characterId', 'team', 'voteLost', 'voteLostReason', 'sessionVersion'];

// Any total order that every instance shares will do for lock order; a plain comparison, not a locale collation.
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const changed = <T>(a: T, b: T, fields: (keyof T)[]) => fields.some((f) => a[f] !== b[f]);
const byId = <T extends { id: string }>(xs: readonly T[]) => new Map(xs.map((x) => [x.id, x]));

/** Runs the projector's statements in order, inside the caller's transaction. */
export async function project(tx: Tx, changes: readonly Change[], at: Date): Promise<void> {
  for (const statement of projection(tx, changes, at)) await statement.execute();
}

/**
 * The one projector: keeps the tables that REST lists, reports and analytics across games read (games,
 * game_players, suspect_ballots, final_votes, daily_votes, game_results) in step with the log, in the commit that appends the
 * events. It works from the state before and after each game's batch, so every table needs at most one statement
 * per commit for all games together, and none reads another's writes (so they can share one SQL statement).
 * Rows are sorted by id so two instances lock them in the same order.
 */
export function projection(qc: QueryCreator<Database>, changes: readonly Change[], at: Date): Statement[] {
  const statements: Statement[] = [];
  const sorted = [...changes].sort((a, b) => byCodeUnits(a.after.game.id, b.after.game.id));
  // The engine keeps every untouched part of a state by reference, so an identical part needs no comparison.
  const games = sorted.filter((c) => !c.before || (c.before.game !== c.after.game && changed(c.before.game, c.after.game, GAME_FIELDS)));
  if (games.length > 0) {
    statements.push(
      qc
      .insertInto('games')
      .values(
        games.map(({ after: { game: g, version } }) => ({
          id: g.id,
          join_code: g.joinCode,
          storyline_id: g.storylineId,
          storyline_version: g.storylineVersion,
          host_user_id: g.hostUserId,
          status: g.status,
          current_phase: g.currentPhase,
          is_testing_mode: g.isTestingMode,
          feedback_mode: g.feedbackMode,
          character_limit: g.characterLimit,
          amount_paid_cents: g.amountPaidCents,
          min_players: g.minPlayers,
          expected_players: g.expectedPlayers,
          leader_player_id: g.leaderPlayerId,
          version,
          created_at: g.createdAt,
          started_at: g.startedAt,
          completed_at: g.completedAt,
          deleted_at: g.deletedAt,
        })),
      )
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet(
            incomingWins('games', [
              'status', 'current_phase', 'feedback_mode', 'expected_players', 'leader_player_id', 'version', 'started_at', 'completed_at', 'deleted_at',
            ]),
          ),
      ),
    );
  }

  const players: { p: TLivePlayer; gameId: string; removedAt: Date | null }[] = [];
  for (const c of sorted) {
    if (c.before?.players === c.after.players) continue;
    const before = byId(c.before?.players ?? []);
    const after = byId(c.after.players);
    for (const p of c.after.players) {
      const old = before.get(p.id);
      if (!old || changed(old, p, PLAYER_FIELDS)) players.push({ p, gameId: c.after.game.id, removedAt: null });
    }
    // A removed seat keeps its row (ballots may name it) but loses its character, and its tokens stop working.
    for (const old of c.before?.players ?? []) {
      if (!after.has(old.id)) players.push({ p: { ...old, characterId: null, sessionVersion: old.sessionVersion + 1 }, gameId: c.after.game.id, removedAt: at });
    }
  }
  if (players.length > 0) {
    players.sort((a, b) => byCodeUnits(a.p.id, b.p.id));
    statements.push(
      qc
      .insertInto('game_players')
      .values(
        players.map(({ p, gameId, removedAt }) => ({
          id: p.id,
          game_id: gameId,
          user_id: p.userId,
          is_host: p.isHost,
          display_name: p.displayName,
          display_name_lower: nameKey(p.displayName),
          character_id: p.characterId,
          team: p.team,
          vote_lost: p.voteLost,
          vote_lost_reason: p.voteLostReason,
          session_version: p.sessionVersion,
          removed_at: removedAt,
          joined_at: p.joinedAt,
        })),
      )
      .onConflict((oc) =>
        oc.column('id').doUpdateSet(incomingWins('game_players', ['character_id', 'team', 'vote_lost', 'vote_lost_reason', 'session_version', 'removed_at'])),
      ),
    );
  }

  const ballots = sorted.flatMap((c) => {
    if (c.before?.suspectVoting.voterIds === c.after.suspectVoting.voterIds) return [];
    const had = new Set(c.before?.suspectVoting.voterIds ?? []);
    return c.after.suspectVoting.voterIds
      .filter((v) => !had.has(v))
      .map((v) => ({ gameId: c.after.game.id, voterId: v, suspects: JSON.stringify(c.after.suspectVoting.ballots[v] ?? []) }));
  });
  // Ballots come in bursts: each column travels as one array (see the log's insert).
  if (ballots.length > 0) {
    statements.push(
      qc
        .insertInto('suspect_ballots')
        .columns(['game_id', 'voter_player_id', 'suspect_player_ids', 'created_at'])
        .expression(
          sql`SELECT g, v, s::jsonb, ${at}::timestamptz FROM unnest(${ballots.map((b) => b.gameId)}::uuid[], ${ballots.map((b) => b.voterId)}::uuid[], ${ballots.map((b) => b.suspects)}::text[]) AS u(g, v, s)`,
        )
        .onConflict((oc) => oc.doNothing()),
    );
  }

  const finals = sorted.flatMap((c) => {
    if (c.before?.finalVoting.voterIds === c.after.finalVoting.voterIds) return [];
    const had = new Set(c.before?.finalVoting.voterIds ?? []);
    return c.after.finalVoting.voterIds
      .filter((v) => !had.has(v))
      .map((v) => ({ gameId: c.after.game.id, voterId: v, suspectId: c.after.finalVoting.votes[v] as string }));
  });
  if (finals.length > 0) {
    statements.push(
      qc
        .insertInto('final_votes')
        .columns(['game_id', 'voter_player_id', 'suspect_player_id', 'created_at'])
        .expression(
          sql`SELECT g, v, s, ${at}::timestamptz FROM unnest(${finals.map((f) => f.gameId)}::uuid[], ${finals.map((f) => f.voterId)}::uuid[], ${finals.map((f) => f.suspectId)}::uuid[]) AS u(g, v, s)`,
        )
        .onConflict((oc) => oc.doNothing()),
    );
  }

  // Daily tracker votes (testing mode), for the analytics across games: a vote the batch cast or replaced. The
  // state keeps one vote per seat and day, so a batch never names a row twice.
  const daily = sorted.flatMap((c) => {
    if (c.before?.dailyVotes === c.after.dailyVotes) return [];
    const had = new Set(c.before?.dailyVotes ?? []);
    return (c.after.dailyVotes ?? [])
      .filter((v) => !had.has(v))
      .map((v) => ({ game_id: c.after.game.id, voter_player_id: v.voterId, day: v.day, suspect_character_id: v.suspectCharacterId, suspect_player_id: v.suspectPlayerId, created_at: v.at }));
  });
  if (daily.length > 0) {
    daily.sort((a, b) => byCodeUnits(a.game_id, b.game_id) || byCodeUnits(a.voter_player_id, b.voter_player_id) || a.day - b.day);
    statements.push(
      qc
        .insertInto('daily_votes')
        .values(daily)
        .onConflict((oc) =>
          oc.columns(['game_id', 'voter_player_id', 'day']).doUpdateSet(incomingWins('daily_votes', ['suspect_character_id', 'suspect_player_id', 'created_at'])),
        ),
    );
  }

  const results = sorted.filter((c) => c.after.results && !c.before?.results);
  if (results.length > 0) {
    statements.push(
      qc
      .insertInto('game_results')
      .values(
        results.map(({ after, storyline }) => {
          const r = after.results as NonNullable<TGameState['results']>;
          return {
            game_id: after.game.id,
            completed_at: after.game.completedAt ?? at,
            winning_team: r.winningTeam,
            accused_player_id: r.accusedPlayerId,
            killer_player_id: r.killerPlayerId,
            killer_correct: r.killerCorrect,
            data: JSON.stringify(resultsData(after, storyline)),
          };
        }),
      )
      .onConflict((oc) => oc.column('game_id').doNothing()),
    );
  }
  return statements;
}

const characterName = (storyline: StorylineVersion, characterId: string | null) => (characterId ? (storyline.characters.get(characterId)?.name ?? null) : null);

/** The results document of a completed game (what GET /results answers and the report prints): it names the case. */
export function resultsData(s: TGameState, shared: StorylineVersion): TGameResults {
  const storyline = storylineOf(s, shared);
  const r = s.results as NonNullable<TGameState['results']>;
  const byPlayer = byId(s.players);
  const accused = r.accusedPlayerId ? byPlayer.get(r.accusedPlayerId) : undefined;
  const killer = r.killerPlayerId ? byPlayer.get(r.killerPlayerId) : undefined;
  const killerCharacterId = storyline.case?.killerCharacterId ?? null;
  const winningSide = r.winningTeam === 'seekers' ? 'seeker' : 'shadow';
  const finalVotes: Record<string, number> = {};
  for (const [playerId, count] of Object.entries(s.finalVoting.tally)) {
    // Keyed by the accused player's display name (unique within a game, checked at join).
    finalVotes[byPlayer.get(playerId)?.displayName ?? playerId] = count;
  }
  return {
    gameId: s.game.id,
    joinCode: s.game.joinCode,
    title: s.game.title,
    storylineId: s.game.storylineId,
    completedAt: s.game.completedAt ?? new Date().toISOString(),
    winningTeam: r.winningTeam,
    accusedKiller: accused ? { playerId: accused.id, playerName: accused.displayName, characterName: characterName(storyline, accused.characterId) } : null,
    finalKiller: killer ? { playerId: killer.id, playerName: killer.displayName, characterName: characterName(storyline, killer.characterId) ?? '' } : null,
    killerCorrect: r.killerCorrect,
    killerCharacterId,
    killerRevealStory: revealStory(s, storyline, killerCharacterId),
    caseId: storyline.case?.id ?? null,
    caseTitle: storyline.case?.title ?? null,
    caseMotive: storyline.case?.motive ?? null,
    caseMethod: storyline.case?.method ?? null,
    playerResults: s.players.map((p) => ({
      playerId: p.id,
      playerName: p.displayName,
      characterName: characterName(storyline, p.characterId),
      team: p.team,
      isKiller: killer?.id === p.id,
      isWinner: p.team === winningSide,
    })),
    finalVotes,
  };
}

/** The case's reveal, rendered for the game's cast (it names only characters who were dealt). */
function revealStory(s: TGameState, storyline: StorylineVersion, killerCharacterId: string | null): string | null {
  const text = killerCharacterId ? storyline.characters.get(killerCharacterId)?.killerRevealStory : undefined;
  return text ? renderCastText(text, gameCast(s, storyline)) : null;
}
