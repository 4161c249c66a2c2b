import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements.js';

// Frozen once landed: later changes go in new migrations.
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    CREATE TABLE users (
      id uuid PRIMARY KEY,
      display_name text NOT NULL,
      email text NOT NULL,
      email_lower text NOT NULL UNIQUE,
      password_hash text NOT NULL,
      role text NOT NULL DEFAULT 'host' CHECK (role IN ('host', 'admin')),
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE storylines (
      id text PRIMARY KEY,
      version integer NOT NULL,
      title text NOT NULL,
      summary text NOT NULL,
      status text NOT NULL CHECK (status IN ('published', 'coming_soon')),
      min_players integer NOT NULL,
      max_players integer NOT NULL,
      duration text NOT NULL,
      difficulty text NOT NULL,
      image_url text NOT NULL,
      image_alt text NOT NULL,
      video_url text,
      price_cents integer NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    -- Every version of a storyline's content is kept, so games started on an older version keep their text.
    CREATE TABLE storyline_versions (
      storyline_id text NOT NULL REFERENCES storylines(id),
      version integer NOT NULL,
      content jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (storyline_id, version)
    );

    CREATE TABLE pricing_tiers (
      id text PRIMARY KEY,
      storyline_id text NOT NULL REFERENCES storylines(id),
      display_name text NOT NULL,
      min_players integer NOT NULL,
      max_players integer NOT NULL,
      price_cents integer NOT NULL CHECK (price_cents >= 0),
      character_limit integer NOT NULL,
      sort integer NOT NULL DEFAULT 0
    );

    CREATE TABLE discount_codes (
      id uuid PRIMARY KEY,
      code text NOT NULL UNIQUE,
      name text NOT NULL,
      discount_type text NOT NULL CHECK (discount_type IN ('percentage', 'fixed_amount')),
      discount_value integer NOT NULL,
      expires_at timestamptz,
      usage_limit integer,
      times_used integer NOT NULL DEFAULT 0,
      is_active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE purchases (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id),
      storyline_id text NOT NULL REFERENCES storylines(id),
      pricing_tier_id text NOT NULL REFERENCES pricing_tiers(id),
      player_count integer NOT NULL,
      amount_paid_cents integer NOT NULL,
      discount_code_id uuid REFERENCES discount_codes(id),
      provider text NOT NULL,
      payment_intent_id text UNIQUE,
      purchased_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX purchases_user ON purchases(user_id);

    CREATE TABLE prepurchases (
      id uuid PRIMARY KEY,
      user_id uuid REFERENCES users(id),
      storyline_id text NOT NULL REFERENCES storylines(id),
      pricing_tier_id text NOT NULL REFERENCES pricing_tiers(id),
      player_count integer NOT NULL,
      email text NOT NULL,
      amount_cents integer NOT NULL,
      provider text NOT NULL,
      payment_intent_id text UNIQUE,
      status text NOT NULL DEFAULT 'pending',
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE discount_code_uses (
      id uuid PRIMARY KEY,
      discount_code_id uuid NOT NULL REFERENCES discount_codes(id),
      user_id uuid REFERENCES users(id),
      purchase_id uuid REFERENCES purchases(id),
      used_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE games (
      id uuid PRIMARY KEY,
      join_code text NOT NULL,
      storyline_id text NOT NULL REFERENCES storylines(id),
      storyline_version integer NOT NULL,
      host_user_id uuid NOT NULL REFERENCES users(id),
      status text NOT NULL DEFAULT 'setup' CHECK (status IN ('setup', 'in_progress', 'completed')),
      current_phase integer NOT NULL DEFAULT 0,
      is_testing_mode boolean NOT NULL DEFAULT false,
      feedback_mode boolean NOT NULL DEFAULT false,
      character_limit integer NOT NULL,
      amount_paid_cents integer NOT NULL DEFAULT 0,
      min_players integer NOT NULL DEFAULT 4,
      expected_players integer,
      leader_player_id uuid,
      -- Game-wide state that is not a row of its own: top suspects, defence timer. Parsed with protocol schemas.
      state jsonb NOT NULL DEFAULT '{}'::jsonb,
      version bigint NOT NULL DEFAULT 1,
      created_at timestamptz NOT NULL DEFAULT now(),
      started_at timestamptz,
      completed_at timestamptz,
      deleted_at timestamptz
    );
    -- Join codes are unique among live games only; completed and deleted games release theirs.
    CREATE UNIQUE INDEX games_live_join_code ON games(join_code) WHERE status <> 'completed' AND deleted_at IS NULL;
    CREATE INDEX games_host ON games(host_user_id);

    CREATE TABLE game_players (
      id uuid PRIMARY KEY,
      game_id uuid NOT NULL REFERENCES games(id),
      user_id uuid REFERENCES users(id),
      is_host boolean NOT NULL DEFAULT false,
      display_name text NOT NULL,
      display_name_lower text NOT NULL,
      character_id text,
      team text CHECK (team IN ('seeker', 'shadow')),
      vote_lost boolean NOT NULL DEFAULT false,
      vote_lost_reason text,
      session_version integer NOT NULL DEFAULT 1,
      removed_at timestamptz,
      joined_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX game_players_name ON game_players(game_id, display_name_lower) WHERE removed_at IS NULL;
    CREATE UNIQUE INDEX game_players_character ON game_players(game_id, character_id) WHERE removed_at IS NULL AND character_id IS NOT NULL;
    CREATE INDEX game_players_game ON game_players(game_id);

    CREATE TABLE suspect_ballots (
      game_id uuid NOT NULL REFERENCES games(id),
      voter_player_id uuid NOT NULL REFERENCES game_players(id),
      suspect_player_ids jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (game_id, voter_player_id)
    );

    CREATE TABLE final_votes (
      game_id uuid NOT NULL REFERENCES games(id),
      voter_player_id uuid NOT NULL REFERENCES game_players(id),
      suspect_player_id uuid NOT NULL REFERENCES game_players(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (game_id, voter_player_id)
    );

    CREATE TABLE daily_votes (
      game_id uuid NOT NULL REFERENCES games(id),
      voter_player_id uuid NOT NULL REFERENCES game_players(id),
      day integer NOT NULL CHECK (day BETWEEN 1 AND 4),
      suspect_character_id text NOT NULL,
      suspect_player_id uuid REFERENCES game_players(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (game_id, voter_player_id, day)
    );

    CREATE TABLE game_results (
      game_id uuid PRIMARY KEY REFERENCES games(id),
      completed_at timestamptz NOT NULL,
      winning_team text NOT NULL,
      accused_player_id uuid,
      killer_player_id uuid,
      killer_correct boolean NOT NULL,
      data jsonb NOT NULL
    );

    CREATE TABLE player_notes (
      game_id uuid NOT NULL REFERENCES games(id),
      player_id uuid NOT NULL REFERENCES game_players(id),
      body text NOT NULL DEFAULT '',
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (game_id, player_id)
    );

    -- At-least-once commands: a retried command id answers the stored result instead of applying again.
    CREATE TABLE processed_commands (
      game_id uuid NOT NULL,
      command_id text NOT NULL,
      actor_id uuid NOT NULL,
      result jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (game_id, command_id)
    );

    CREATE TABLE feedback (
      id uuid PRIMARY KEY,
      game_id uuid NOT NULL REFERENCES games(id),
      game_player_id uuid NOT NULL REFERENCES game_players(id),
      enjoyment_rating integer NOT NULL CHECK (enjoyment_rating BETWEEN 1 AND 5),
      theory_formation_day text NOT NULL,
      clarity_issues text,
      standout_moments text NOT NULL,
      would_play_another text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (game_id, game_player_id)
    );

    CREATE TABLE surveys (
      id uuid PRIMARY KEY,
      game_id uuid NOT NULL REFERENCES games(id),
      game_player_id uuid NOT NULL REFERENCES game_players(id),
      answers jsonb NOT NULL,
      submitted_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (game_id, game_player_id)
    );

    CREATE TABLE report_requests (
      id uuid PRIMARY KEY,
      game_id uuid NOT NULL REFERENCES games(id),
      game_player_id uuid REFERENCES game_players(id),
      email text NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'skipped')),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz
    );
    CREATE INDEX report_requests_due ON report_requests(status, next_attempt_at);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(db, `DROP TABLE IF EXISTS report_requests, surveys, feedback, processed_commands, player_notes, game_results,
    daily_votes, final_votes, suspect_ballots, game_players, games, discount_code_uses, prepurchases, purchases,
    discount_codes, pricing_tiers, storyline_versions, storylines, users CASCADE`);
}
