import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.js';

// Frozen once landed: later changes go in new migrations.
// The writes every ballot makes, made cheaper for Postgres (a commit under load carries thousands of them):
// - suspect_ballots and final_votes are projections of the event log, written only by the projector from states
//   the engine checked (every voter and suspect is a seat of that game). Their foreign keys checked the same thing
//   again, row by row, at a fifth to a third of Postgres' time per ballot; they go. Nothing deletes games or seats
//   (games are soft-deleted, removed seats keep their row), so no row can lose its game or player.
// - The log's time index serves only the publisher's sweep (the last minutes of the log). Rows are appended in
//   time order, so a BRIN index (one summary per block range) answers that range and costs almost nothing to keep,
//   where the B-tree took an index insert per event.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    ALTER TABLE suspect_ballots DROP CONSTRAINT IF EXISTS suspect_ballots_game_id_fkey;
    ALTER TABLE suspect_ballots DROP CONSTRAINT IF EXISTS suspect_ballots_voter_player_id_fkey;
    ALTER TABLE final_votes DROP CONSTRAINT IF EXISTS final_votes_game_id_fkey;
    ALTER TABLE final_votes DROP CONSTRAINT IF EXISTS final_votes_voter_player_id_fkey;
    ALTER TABLE final_votes DROP CONSTRAINT IF EXISTS final_votes_suspect_player_id_fkey;
    DROP INDEX game_events_at;
    CREATE INDEX game_events_at ON game_events USING brin (at)
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    DROP INDEX game_events_at;
    CREATE INDEX game_events_at ON game_events(at);
    ALTER TABLE suspect_ballots ADD FOREIGN KEY (game_id) REFERENCES games(id);
    ALTER TABLE suspect_ballots ADD FOREIGN KEY (voter_player_id) REFERENCES game_players(id);
    ALTER TABLE final_votes ADD FOREIGN KEY (game_id) REFERENCES games(id);
    ALTER TABLE final_votes ADD FOREIGN KEY (voter_player_id) REFERENCES game_players(id);
    ALTER TABLE final_votes ADD FOREIGN KEY (suspect_player_id) REFERENCES game_players(id)
    `,
  );
}
