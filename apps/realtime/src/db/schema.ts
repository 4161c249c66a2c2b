import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** JSON columns are read as unknown and parsed with protocol schemas at the edge. */
type Json = ColumnType<unknown, string, string>;

export interface UsersTable {
  id: string;
  display_name: string;
  email: string;
  email_lower: string;
  password_hash: string;
  role: 'host' | 'admin';
  created_at: Timestamp;
}

export interface StorylinesTable {
  id: string;
  version: number;
  title: string;
  summary: string;
  status: 'published' | 'coming_soon';
  min_players: number;
  max_players: number;
  duration: string;
  difficulty: string;
  image_url: string;
  image_alt: string;
  video_url: string | null;
  price_cents: number;
  updated_at: Timestamp;
}

export interface StorylineVersionsTable {
  storyline_id: string;
  version: number;
  content: Json;
  created_at: Timestamp;
}

export interface PricingTiersTable {
  id: string;
  storyline_id: string;
  display_name: string;
  min_players: number;
  max_players: number;
  price_cents: number;
  character_limit: number;
  sort: number;
  /** Set when a newer version of the storyline no longer offers the tier: not listed, not sold. */
  retired_at: Generated<Date | null>;
}

export interface DiscountCodesTable {
  id: string;
  code: string;
  name: string;
  discount_type: 'percentage' | 'fixed_amount';
  discount_value: number;
  expires_at: NullableTimestamp;
  usage_limit: number | null;
  times_used: Generated<number>;
  is_active: Generated<boolean>;
  created_at: Timestamp;
}

export interface PurchasesTable {
  id: string;
  user_id: string;
  storyline_id: string;
  pricing_tier_id: string;
  player_count: number;
  amount_paid_cents: number;
  discount_code_id: string | null;
  provider: string;
  payment_intent_id: string | null;
  purchased_at: Timestamp;
  /** Set when the payment was refunded: no new game from this purchase. */
  revoked_at: NullableTimestamp;
  revoked_reason: string | null;
}

export interface StripeEventsTable {
  id: string;
  type: string;
  handled_at: Generated<Date>;
}

export interface PaymentDisputesTable {
  id: string;
  charge_id: string;
  payment_intent_id: string | null;
  amount_cents: number;
  reason: string;
  status: string;
  created_at: Generated<Date>;
}

export interface PrepurchasesTable {
  id: string;
  user_id: string | null;
  storyline_id: string;
  pricing_tier_id: string;
  player_count: number;
  email: string;
  amount_cents: number;
  provider: string;
  payment_intent_id: string | null;
  status: Generated<string>;
  created_at: Timestamp;
}

export interface DiscountCodeUsesTable {
  id: string;
  discount_code_id: string;
  user_id: string | null;
  purchase_id: string | null;
  used_at: Timestamp;
}

export interface PaymentIntentsTable {
  id: string;
  provider: 'stripe' | 'dev';
  kind: 'purchase' | 'prepurchase';
  user_id: string;
  storyline_id: string;
  tier_id: string;
  player_count: number;
  amount_cents: number;
  discount_code_id: string | null;
  email: string | null;
  status: Generated<'requires_payment_method' | 'succeeded' | 'failed' | 'canceled'>;
  created_at: Timestamp;
}

export type GameStatus = 'setup' | 'in_progress' | 'completed';

export interface GamesTable {
  id: string;
  join_code: string;
  storyline_id: string;
  storyline_version: number;
  host_user_id: string;
  status: GameStatus;
  current_phase: Generated<number>;
  is_testing_mode: boolean;
  feedback_mode: boolean;
  character_limit: number;
  amount_paid_cents: number;
  min_players: number;
  expected_players: number | null;
  leader_player_id: string | null;
  version: ColumnType<string | number, number | undefined, number | string>;
  created_at: Timestamp;
  started_at: NullableTimestamp;
  completed_at: NullableTimestamp;
  deleted_at: NullableTimestamp;
}

export interface GamePlayersTable {
  id: string;
  game_id: string;
  user_id: string | null;
  is_host: boolean;
  display_name: string;
  display_name_lower: string;
  character_id: string | null;
  team: 'seeker' | 'shadow' | null;
  vote_lost: Generated<boolean>;
  vote_lost_reason: string | null;
  session_version: Generated<number>;
  removed_at: NullableTimestamp;
  joined_at: Timestamp;
}

export interface SuspectBallotsTable {
  game_id: string;
  voter_player_id: string;
  suspect_player_ids: Json;
  created_at: Timestamp;
}

export interface FinalVotesTable {
  game_id: string;
  voter_player_id: string;
  suspect_player_id: string;
  created_at: Timestamp;
}

export interface DailyVotesTable {
  game_id: string;
  voter_player_id: string;
  day: number;
  suspect_character_id: string;
  suspect_player_id: string | null;
  created_at: Timestamp;
}

export interface GameResultsTable {
  game_id: string;
  completed_at: Timestamp;
  winning_team: string;
  accused_player_id: string | null;
  killer_player_id: string | null;
  killer_correct: boolean;
  data: Json;
}

export interface PlayerNotesTable {
  game_id: string;
  player_id: string;
  body: string;
  updated_at: Timestamp;
}

export interface GameEventsTable {
  game_id: string;
  seq: number;
  type: string;
  event: Json;
  actor: string;
  command_id: string | null;
  at: Timestamp;
}

export interface GameSnapshotsTable {
  game_id: string;
  seq: number;
  state: Json;
  at: Timestamp;
}

export interface GamePublishedTable {
  game_id: string;
  seq: number;
  at: Timestamp;
}

export interface FeedbackTable {
  id: string;
  game_id: string;
  game_player_id: string;
  enjoyment_rating: number;
  theory_formation_day: string;
  clarity_issues: string | null;
  standout_moments: string;
  would_play_another: string;
  created_at: Timestamp;
}

export interface SurveysTable {
  id: string;
  game_id: string;
  game_player_id: string;
  answers: Json;
  submitted_at: Timestamp;
}

export interface ReportRequestsTable {
  id: string;
  game_id: string;
  game_player_id: string | null;
  email: string;
  status: Generated<'pending' | 'sending' | 'sent' | 'failed' | 'skipped'>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
}

export interface MailLinksTable {
  token_hash: string;
  purpose: 'sign_in' | 'report';
  email: string;
  user_id: string | null;
  game_id: string | null;
  game_player_id: string | null;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Generated<Timestamp>;
}

export interface Database {
  users: UsersTable;
  storylines: StorylinesTable;
  storyline_versions: StorylineVersionsTable;
  pricing_tiers: PricingTiersTable;
  discount_codes: DiscountCodesTable;
  purchases: PurchasesTable;
  prepurchases: PrepurchasesTable;
  discount_code_uses: DiscountCodeUsesTable;
  payment_intents: PaymentIntentsTable;
  stripe_events: StripeEventsTable;
  payment_disputes: PaymentDisputesTable;
  games: GamesTable;
  game_players: GamePlayersTable;
  suspect_ballots: SuspectBallotsTable;
  final_votes: FinalVotesTable;
  daily_votes: DailyVotesTable;
  game_results: GameResultsTable;
  player_notes: PlayerNotesTable;
  feedback: FeedbackTable;
  surveys: SurveysTable;
  report_requests: ReportRequestsTable;
  mail_links: MailLinksTable;
  game_events: GameEventsTable;
  game_snapshots: GameSnapshotsTable;
  game_published: GamePublishedTable;
}

export type UserRow = Selectable<UsersTable>;
export type GameRow = Selectable<GamesTable>;
