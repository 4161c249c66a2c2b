import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.js';

// Frozen once landed: later changes go in new migrations.
// The game log: every change to a game is an event appended here, and a command writes nothing else (the game
// tables are projections of it, kept in the same transaction). Appends are optimistic on (game_id, seq): two
// writers of one game cannot both append the same sequence number. A command id is stored on the first event of
// its command, so a retried command is found and answered instead of applied twice.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    CREATE TABLE game_events (
      game_id uuid NOT NULL,
      seq integer NOT NULL,
      type text NOT NULL,
      event jsonb NOT NULL,
      actor text NOT NULL,
      command_id text,
      at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (game_id, seq)
    );
    CREATE UNIQUE INDEX game_events_command ON game_events(game_id, command_id) WHERE command_id IS NOT NULL;
    -- The publisher's sweep looks at the last minutes of the log.
    CREATE INDEX game_events_at ON game_events(at);

    -- The folded state every N events, so loading a game is one snapshot plus the events after it.
    CREATE TABLE game_snapshots (
      game_id uuid PRIMARY KEY,
      seq integer NOT NULL,
      state jsonb NOT NULL,
      at timestamptz NOT NULL DEFAULT now()
    );

    -- The last version pushed to phones, per game: any instance pushes what the log holds beyond it, so a change
    -- committed by an instance that died before pushing still reaches every phone.
    CREATE TABLE game_published (
      game_id uuid PRIMARY KEY,
      seq integer NOT NULL,
      at timestamptz NOT NULL DEFAULT now()
    );

    -- Names and characters are unique per game by the rules (the engine), checked against the log's order; the
    -- projection may pass through a moment where a batch frees a name or character and gives it to another seat.
    DROP INDEX game_players_name;
    DROP INDEX game_players_character;
    CREATE INDEX game_players_name ON game_players(game_id, display_name_lower) WHERE removed_at IS NULL
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(db, `DROP TABLE IF EXISTS game_published, game_snapshots, game_events`);
}
