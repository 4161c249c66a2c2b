import type { ErrorCode } from '../common.js';

/**
 * Every reason the engine can refuse a command, with the HTTP error class it maps to. The client acts on these
 * codes (the `reason` field of an error body), never on the message text, which is for people.
 */
export const Refusal = {
  // who may act
  NOT_HOST: 'NOT_HOST',
  NOT_A_PLAYER: 'NOT_A_PLAYER',
  NOT_DETECTIVE: 'NOT_DETECTIVE',
  VOTE_LOST: 'VOTE_LOST',
  VOTE_ALREADY_REMOVED: 'VOTE_ALREADY_REMOVED',
  /** A seat acting for (or reading) another seat's own record, such as its daily tracker vote. */
  NOT_OWN_SEAT: 'NOT_OWN_SEAT',
  /** A testing-mode tool (the daily suspect tracker) asked of a game that is not in testing mode. */
  NOT_TESTING_MODE: 'NOT_TESTING_MODE',
  // game status and phase
  GAME_STARTED: 'GAME_STARTED',
  GAME_NOT_IN_PROGRESS: 'GAME_NOT_IN_PROGRESS',
  GAME_OVER: 'GAME_OVER',
  GAME_DELETED: 'GAME_DELETED',
  WRONG_PHASE: 'WRONG_PHASE',
  /** The host's screen showed another phase than the game's: the request is stale or repeated. */
  PHASE_STALE: 'PHASE_STALE',
  PHASE_OUT_OF_RANGE: 'PHASE_OUT_OF_RANGE',
  /** A day outside the storyline's days (1 to N). */
  DAY_OUT_OF_RANGE: 'DAY_OUT_OF_RANGE',
  VOTES_CAST: 'VOTES_CAST',
  // lobby
  GAME_FULL: 'GAME_FULL',
  NAME_TAKEN: 'NAME_TAKEN',
  PLAYER_NOT_FOUND: 'PLAYER_NOT_FOUND',
  HOST_SEAT: 'HOST_SEAT',
  CHARACTER_NOT_AVAILABLE: 'CHARACTER_NOT_AVAILABLE',
  CHARACTER_TAKEN: 'CHARACTER_TAKEN',
  NOT_ENOUGH_PLAYERS: 'NOT_ENOUGH_PLAYERS',
  UNASSIGNED_PLAYERS: 'UNASSIGNED_PLAYERS',
  CORE_CAST_MISSING: 'CORE_CAST_MISSING',
  STORYLINE_NOT_PLAYABLE: 'STORYLINE_NOT_PLAYABLE',
  TOO_MANY_PLAYERS: 'TOO_MANY_PLAYERS',
  // votes
  ALREADY_VOTED: 'ALREADY_VOTED',
  VOTING_CLOSED: 'VOTING_CLOSED',
  BAD_BALLOT: 'BAD_BALLOT',
  SELF_TARGET: 'SELF_TARGET',
  NOT_TOP_SUSPECT: 'NOT_TOP_SUSPECT',
  // seats
  WRONG_PIN: 'WRONG_PIN',
  PIN_LOCKED: 'PIN_LOCKED',
  REQUEST_NOT_FOUND: 'REQUEST_NOT_FOUND',
  SEAT_CODE_INVALID: 'SEAT_CODE_INVALID',
  /** A token of an older generation of the seat: the seat moved to another phone. */
  SEAT_MOVED: 'SEAT_MOVED',
  // table
  NO_FREE_CHARACTERS: 'NO_FREE_CHARACTERS',
  GAME_NOT_COMPLETED: 'GAME_NOT_COMPLETED',
  /** An automatic reveal step asked for before it is due (only the host or co-host moves it sooner). */
  REVEAL_NOT_DUE: 'REVEAL_NOT_DUE',
  /** The result a request asks for waits for the shared reveal's step (the killer's). */
  REVEAL_PENDING: 'REVEAL_PENDING',
  // late arrivals and the host away
  LATE_SEATING_CLOSED: 'LATE_SEATING_CLOSED',
  HOST_PRESENT: 'HOST_PRESENT',
  // the host's kit
  /** The hint id is not one of the storyline's hint cards. */
  HINT_NOT_FOUND: 'HINT_NOT_FOUND',
} as const;
export type RefusalCode = (typeof Refusal)[keyof typeof Refusal];

/** The HTTP error class of each refusal. */
export const RefusalErrorCode: Record<RefusalCode, ErrorCode> = {
  NOT_HOST: 'FORBIDDEN',
  NOT_A_PLAYER: 'FORBIDDEN',
  NOT_DETECTIVE: 'FORBIDDEN',
  VOTE_LOST: 'FORBIDDEN',
  VOTE_ALREADY_REMOVED: 'CONFLICT',
  NOT_OWN_SEAT: 'FORBIDDEN',
  NOT_TESTING_MODE: 'FORBIDDEN',
  GAME_STARTED: 'CONFLICT',
  GAME_NOT_IN_PROGRESS: 'CONFLICT',
  GAME_OVER: 'CONFLICT',
  GAME_DELETED: 'GAME_DELETED',
  WRONG_PHASE: 'CONFLICT',
  PHASE_STALE: 'CONFLICT',
  PHASE_OUT_OF_RANGE: 'CONFLICT',
  DAY_OUT_OF_RANGE: 'BAD_REQUEST',
  VOTES_CAST: 'CONFLICT',
  GAME_FULL: 'CONFLICT',
  NAME_TAKEN: 'CONFLICT',
  PLAYER_NOT_FOUND: 'NOT_FOUND',
  HOST_SEAT: 'BAD_REQUEST',
  CHARACTER_NOT_AVAILABLE: 'NOT_FOUND',
  CHARACTER_TAKEN: 'CONFLICT',
  NOT_ENOUGH_PLAYERS: 'CONFLICT',
  UNASSIGNED_PLAYERS: 'CONFLICT',
  CORE_CAST_MISSING: 'CONFLICT',
  STORYLINE_NOT_PLAYABLE: 'CONFLICT',
  TOO_MANY_PLAYERS: 'BAD_REQUEST',
  ALREADY_VOTED: 'CONFLICT',
  VOTING_CLOSED: 'CONFLICT',
  BAD_BALLOT: 'BAD_REQUEST',
  SELF_TARGET: 'BAD_REQUEST',
  NOT_TOP_SUSPECT: 'CONFLICT',
  WRONG_PIN: 'FORBIDDEN',
  PIN_LOCKED: 'FORBIDDEN',
  REQUEST_NOT_FOUND: 'NOT_FOUND',
  SEAT_CODE_INVALID: 'NOT_FOUND',
  SEAT_MOVED: 'UNAUTHORIZED',
  NO_FREE_CHARACTERS: 'CONFLICT',
  GAME_NOT_COMPLETED: 'CONFLICT',
  REVEAL_NOT_DUE: 'CONFLICT',
  REVEAL_PENDING: 'CONFLICT',
  LATE_SEATING_CLOSED: 'CONFLICT',
  HOST_PRESENT: 'CONFLICT',
  HINT_NOT_FOUND: 'NOT_FOUND',
};

export interface Refused {
  ok: false;
  code: RefusalCode;
  message: string;
}
export const refuse = (code: RefusalCode, message: string): Refused => ({ ok: false, code, message });
