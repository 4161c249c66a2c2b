import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.js';

// Frozen once landed: later changes go in new migrations.
// - Storylines declare 2 to 6 days (the phase table is derived from them), so a daily vote may be for day 5 or 6.
// - A storyline's player range and tiers change with its content; a tier a newer version no longer offers is
//   retired (purchases of it keep their row and their entitlement), and is neither listed nor sold.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    ALTER TABLE daily_votes DROP CONSTRAINT IF EXISTS daily_votes_day_check;
    ALTER TABLE daily_votes ADD CONSTRAINT daily_votes_day_check CHECK (day BETWEEN 1 AND 6);
    ALTER TABLE pricing_tiers ADD COLUMN retired_at timestamptz
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    ALTER TABLE pricing_tiers DROP COLUMN retired_at;
    ALTER TABLE daily_votes DROP CONSTRAINT IF EXISTS daily_votes_day_check;
    ALTER TABLE daily_votes ADD CONSTRAINT daily_votes_day_check CHECK (day BETWEEN 1 AND 4)
    `,
  );
}
