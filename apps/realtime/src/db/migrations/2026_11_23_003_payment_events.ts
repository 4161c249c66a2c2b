import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.js';

// Frozen once landed: later changes go in new migrations.
// Stripe events past the happy path: every event id handled once (stripe_events), refunds revoke the purchase they
// paid for (revoked_at; games already played keep their results), disputes are kept for the admin screen.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    CREATE TABLE stripe_events (
      id text PRIMARY KEY,
      type text NOT NULL,
      handled_at timestamptz NOT NULL DEFAULT now()
    );

    ALTER TABLE purchases ADD COLUMN revoked_at timestamptz;
    ALTER TABLE purchases ADD COLUMN revoked_reason text;

    CREATE TABLE payment_disputes (
      id text PRIMARY KEY,
      charge_id text NOT NULL,
      payment_intent_id text,
      amount_cents integer NOT NULL,
      reason text NOT NULL,
      status text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX payment_disputes_created ON payment_disputes(created_at DESC);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    DROP TABLE IF EXISTS payment_disputes;
    ALTER TABLE purchases DROP COLUMN IF EXISTS revoked_reason;
    ALTER TABLE purchases DROP COLUMN IF EXISTS revoked_at;
    DROP TABLE IF EXISTS stripe_events;
  `,
  );
}
