import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.js';

// Frozen once landed: later changes go in new migrations.
// Storage nothing reads any more: the event log replaced both.
// - processed_commands: retried commands are recognised by their command id in the log.
// - games.state: game-wide state (top suspects, defence, results) lives in the log and its snapshots. It was read
//   only to import a game written before the log existed; such games (none since 2026-11-23) are no longer opened.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    DROP TABLE IF EXISTS processed_commands;
    ALTER TABLE games DROP COLUMN IF EXISTS state
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    ALTER TABLE games ADD COLUMN state jsonb NOT NULL DEFAULT '{}'::jsonb;
    CREATE TABLE processed_commands (
      game_id uuid NOT NULL,
      command_id text NOT NULL,
      actor_id uuid NOT NULL,
      result jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (game_id, command_id)
    )
    `,
  );
}
