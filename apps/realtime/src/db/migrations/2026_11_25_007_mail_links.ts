import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.js';

// Frozen once landed: later changes go in new migrations.
// One-time links sent by e-mail: a sign-in link (the way in while password sign-in is slowed down) and a report
// confirmation (a player's report goes only to an address whose owner opened the link). Only the SHA-256 of the
// link's secret is stored; a link works once, until it expires.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    CREATE TABLE mail_links (
      token_hash text PRIMARY KEY,
      purpose text NOT NULL CHECK (purpose IN ('sign_in', 'report')),
      email text NOT NULL,
      user_id uuid REFERENCES users(id),
      game_id uuid,
      game_player_id uuid,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX mail_links_expires ON mail_links (expires_at)
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(db, `DROP TABLE mail_links`);
}
