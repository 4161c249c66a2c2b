import type { ErrorCode } from '../common.js';

/**
 * Every reason the engine can refuse a command, with the HTTP error class it maps to. The client acts on these
 * codes (the `reason` field of an error body), never on the message text, which is for people.
 */
const REFUSALS = {
  // who may act
  NOT_HOST: 'FORBIDDEN',
  NOT_A_PLAYER: 'FORBIDDEN',
  NOT_DETECTIVE: 'FORBIDDEN',
  VOTE_LOST: 'FORBIDDEN',
  VOTE_ALREADY_REMOVED: 'CONFLICT',
  /** A seat acting for (or reading) another seat's own record, such as its daily tracker vote. */
  NOT_OWN_SEAT: 'FORBIDDEN',
  /** A testing-mode tool (the daily suspect tracker) asked of a game that is not in testing mode. */
  NOT_TESTING_MODE: 'FORBIDDEN',
  // game status and phase
  GAME_STARTED: 'CONFLICT',
  GAME_NOT_IN_PROGRESS: 'CONFLICT',
  GAME_OVER: 'CONFLICT',
  GAME_DELETED: 'GAME_DELETED',
  WRONG_PHASE: 'CONFLICT',
  /** The host's screen showed another phase than the game's: the request is stale or repeated. */
  PHASE_STALE: 'CONFLICT',
  PHASE_OUT_OF_RANGE: 'CONFLICT',
  /** A day outside the storyline's days (1 to N). */
  DAY_OUT_OF_RANGE: 'BAD_REQUEST',
  VOTES_CAST: 'CONFLICT',
  // lobby
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
  // votes
  ALREADY_VOTED: 'CONFLICT',
  VOTING_CLOSED: 'CONFLICT',
  BAD_BALLOT: 'BAD_REQUEST',
  SELF_TARGET: 'BAD_REQUEST',
  NOT_TOP_SUSPECT: 'CONFLICT',
  // seats
  WRONG_PIN: 'FORBIDDEN',
  PIN_LOCKED: 'FORBIDDEN',
  REQUEST_NOT_FOUND: 'NOT_FOUND',
  SEAT_CODE_INVALID: 'NOT_FOUND',
  /** A token of an older generation of the seat: the seat moved to another phone. */
  SEAT_MOVED: 'UNAUTHORIZED',
  // table
  NO_FREE_CHARACTERS: 'CONFLICT',
  GAME_NOT_COMPLETED: 'CONFLICT',
  /** An automatic reveal step asked for before it is due (only the host or co-host moves it sooner). */
  REVEAL_NOT_DUE: 'CONFLICT',
  /** The result a request asks for waits for the shared reveal's step (the killer's). */
  REVEAL_PENDING: 'CONFLICT',
  // late arrivals and the host away
  LATE_SEATING_CLOSED: 'CONFLICT',
  HOST_PRESENT: 'CONFLICT',
  // the host's kit
  /** The hint id is not one of the storyline's hint cards. */
  HINT_NOT_FOUND: 'NOT_FOUND',
} as const;
export type RefusalCode = keyof typeof REFUSALS;

/** The codes as values (`Refusal.NOT_HOST === 'NOT_HOST'`). */
export const Refusal = Object.fromEntries(Object.keys(REFUSALS).map((code) => [code, code])) as { readonly [C in keyof typeof REFUSALS]: C };

/** The HTTP error class of each refusal. */
export const RefusalErrorCode: Record<RefusalCode, ErrorCode> = REFUSALS;

export interface Refused {
  ok: false;
  code: RefusalCode;
  message: string;
}
export const refuse = (code: RefusalCode, message: string): Refused => ({ ok: false, code, message });
