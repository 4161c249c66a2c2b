import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.js';

// Frozen once landed: later changes go in new migrations.
// Every payment intent we create (dev provider and Stripe alike), so confirm and webhook can be checked against
// what the server quoted. The dev provider keeps its whole "card" state here.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    CREATE TABLE payment_intents (
      id text PRIMARY KEY,
      provider text NOT NULL CHECK (provider IN ('stripe', 'dev')),
      kind text NOT NULL CHECK (kind IN ('purchase', 'prepurchase')),
      user_id uuid NOT NULL REFERENCES users(id),
      storyline_id text NOT NULL REFERENCES storylines(id),
      tier_id text NOT NULL REFERENCES pricing_tiers(id),
      player_count integer NOT NULL,
      amount_cents integer NOT NULL CHECK (amount_cents > 0),
      discount_code_id uuid REFERENCES discount_codes(id),
      email text,
      status text NOT NULL DEFAULT 'requires_payment_method'
        CHECK (status IN ('requires_payment_method', 'succeeded', 'failed', 'canceled')),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX payment_intents_user ON payment_intents(user_id);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(db, `DROP TABLE IF EXISTS payment_intents`);
}
