/**
 * The short codes of the compact pushes (wire/delta.ts). Both lists are APPEND-ONLY: a code is a position in its
 * list, and a phone running an older build decodes with the list it was built with, so moving or removing an entry
 * would make it read one name as another. A name missing from a list still travels, spelled out (slower, never
 * wrong); wire/codes.test.ts fails when a key of a pushed view is missing here, so new keys get a code.
 */

/** Every object key of the pushed views (the public game view and a seat's own view); the hottest first. */
export const VIEW_KEYS = [
  // What a ballot, a vote and the reveal change: one-letter codes.
  'version', 'suspectVoting', 'submittedCount', 'eligibleCount', 'allVotesSubmitted', 'topSuspects', 'playerId', 'rank',
  'voteCount', 'finalVoting', 'players', 'voteLost', 'id', 'status', 'currentPhase', 'phase', 'key', 'kind', 'day',
  'defence', 'results', 'reveal', 'step', 'at', 'nextAt',
  // The rest, in the order of the view schemas.
  'joinCode', 'title', 'isTestingMode', 'feedbackMode', 'tvNames', 'storylineId', 'storyline', 'days', 'name', 'date',
  'minPlayersReason', 'createdAt', 'startedAt', 'completedAt', 'playerCount', 'minPlayers', 'characterLimit',
  'expectedPlayers', 'leaderPlayerId', 'hostPlayerId', 'amountPaidCents', 'displayName', 'userId', 'isHost',
  'characterId', 'character', 'profession', 'imageUrl', 'imageAlt', 'isLeader', 'suspectPlayerId', 'durationMs', 'endsAt',
  'winningTeam', 'accusedPlayerId', 'killerPlayerId', 'killerCorrect', 'currentPlayer', 'coHostPlayerId',
  'rejoinRequests', 'requestId', 'requestedAt', 'shadowPlayerIds', 'lateArrivals', 'arrivalId', 'arrivedAt',
  'lateSeatCharacters', 'hostAwaySince', 'actingHostPlayerId', 'hasAccess', 'role', 'description', 'age', 'height',
  'gender', 'appearance', 'personality', 'backstory', 'relationships', 'secrets', 'motivation', 'gameObjective',
  'specialInstructions', 'gameplayTips', 'storylineHomepage', 'pressConferenceHomepage', 'isDetective',
  'isPressConferenceReader', 'hasMemoryFlashes', 'searchWarrantEvidence', 'searchWarrantMedia', 'url', 'caption', 'alt',
  'type', 'team', 'shadowTeam', 'youAreTheKiller', 'killer', 'playerName', 'shadows', 'gamePlayer',
  'phaseStartedAt', 'hints', 'hintId', 'text', 'phaseKey',
  'capabilities', 'drivePhases', 'runDefence', 'stepReveal', 'pushHint', 'assignCharacters', 'startGame',
  'removePlayers', 'setCoHost', 'moveSeats', 'castSuspectBallot', 'castFinalVote',
  'setLeader',
] as const;

/** The engine's event types (and the server's own 'republished'), the ballot first. */
export const EVENT_TYPES = [
  'suspect_ballot_cast', 'suspects_revealed', 'final_vote_cast', 'game_completed', 'reveal_advanced', 'phase_changed',
  'player_joined', 'character_assigned', 'character_unassigned', 'game_started', 'vote_removed', 'defence_started',
  'defence_ended', 'player_removed', 'leader_changed', 'expected_players_set', 'feedback_mode_set', 'tv_names_set',
  'game_created', 'game_deleted', 'seat_pin_set', 'seat_pin_failed', 'rejoin_requested', 'rejoin_answered',
  'rejoin_claimed', 'seat_move_issued', 'seat_moved', 'co_host_set', 'cast_dealt', 'late_arrival_watching',
  'late_arrival_seated', 'late_seat_claimed', 'host_presence_changed', 'host_taken_over', 'republished',
  'daily_vote_cast', 'hint_pushed',
] as const;

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The code of the n-th key: one letter for the first 52, then two. Letters only, so a code never reads as an index. */
export function keyCode(n: number): string {
  if (n < LETTERS.length) return LETTERS[n] as string;
  const m = n - LETTERS.length;
  return (LETTERS[Math.floor(m / LETTERS.length) % LETTERS.length] as string) + (LETTERS[m % LETTERS.length] as string);
}

export const KEY_TO_CODE: ReadonlyMap<string, string> = new Map(VIEW_KEYS.map((k, i) => [k, keyCode(i)]));
export const CODE_TO_KEY: ReadonlyMap<string, string> = new Map(VIEW_KEYS.map((k, i) => [keyCode(i), k]));
export const EVENT_TO_CODE: ReadonlyMap<string, number> = new Map(EVENT_TYPES.map((t, i) => [t, i]));
