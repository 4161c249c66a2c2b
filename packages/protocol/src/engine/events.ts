import { z } from 'zod';
import { ZDailyTrackerVote, ZDefenceTimer, ZLateArrival, ZTvNames, ZLiveGame, ZLivePlayer, ZLiveResults, ZPushedHint, ZRejoinRequestState, ZSeatMoveState, ZTeam, ZTopSuspect } from './state.js';

/**
 * Everything that can happen to a game, in the past tense. Events are the only thing written for a command
 * (the game_events log); the state is their fold (evolve.ts). Payloads carry every value a replay needs (times,
 * ids, the computed top 3 and outcome), so folding never depends on the clock or on the storyline.
 */
const e = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) => z.object({ type: z.literal(type), ...shape });

export const ZGameCreated = e('game_created', { game: ZLiveGame, host: ZLivePlayer });
export const ZPlayerJoined = e('player_joined', { player: ZLivePlayer });
export const ZPlayerRemoved = e('player_removed', { playerId: z.uuid() });
export const ZCharacterAssigned = e('character_assigned', { playerId: z.uuid(), characterId: z.string() });
export const ZCharacterUnassigned = e('character_unassigned', { playerId: z.uuid() });
/** `teams` is secret: each player may see only their own entry. */
export const ZGameStarted = e('game_started', { at: z.string(), teams: z.record(z.string(), ZTeam) });
/** `at` (ms): when the phase began (absent in events logged before it was recorded). */
export const ZPhaseChanged = e('phase_changed', { from: z.number().int(), to: z.number().int(), at: z.number().int().optional() });
export const ZLeaderChanged = e('leader_changed', { playerId: z.uuid().nullable() });
export const ZExpectedPlayersSet = e('expected_players_set', { expectedPlayers: z.number().int() });
export const ZFeedbackModeSet = e('feedback_mode_set', { enabled: z.boolean() });
export const ZTvNamesSet = e('tv_names_set', { tvNames: ZTvNames });
export const ZDefenceStarted = e('defence_started', { defence: ZDefenceTimer });
export const ZDefenceEnded = e('defence_ended', { endsAt: z.number().int() });
export const ZVoteRemoved = e('vote_removed', { playerId: z.uuid() });
/** `suspects` is secret until the game ends; the public learns only that a ballot was counted. */
export const ZSuspectBallotCast = e('suspect_ballot_cast', { voterId: z.uuid(), suspects: z.array(z.uuid()) });
export const ZSuspectsRevealed = e('suspects_revealed', { topSuspects: z.array(ZTopSuspect) });
export const ZFinalVoteCast = e('final_vote_cast', { voterId: z.uuid(), suspectId: z.uuid() });
/** A seat's daily tracker vote (testing mode), replacing its earlier one for that day. Secret: whom it suspects. */
export const ZDailyVoteCast = e('daily_vote_cast', { vote: ZDailyTrackerVote });
export const ZGameCompleted = e('game_completed', { at: z.string(), results: ZLiveResults });
export const ZGameDeleted = e('game_deleted', { at: z.string() });

// Seats belong to devices (seats: PIN, rejoin requests, seat moves). Hashes only: a PIN or secret is never logged.
export const ZSeatPinSet = e('seat_pin_set', { playerId: z.uuid(), pinHash: z.string() });
export const ZSeatPinFailed = e('seat_pin_failed', { playerId: z.uuid() });
export const ZRejoinRequested = e('rejoin_requested', { request: ZRejoinRequestState });
export const ZRejoinAnswered = e('rejoin_answered', { requestId: z.uuid(), approved: z.boolean() });
export const ZRejoinClaimed = e('rejoin_claimed', { requestId: z.uuid() });
export const ZSeatMoveIssued = e('seat_move_issued', { move: ZSeatMoveState });
/** The seat's token generation becomes `sessionVersion`: every older token of the seat stops working. */
export const ZSeatMoved = e('seat_moved', {
  playerId: z.uuid(),
  sessionVersion: z.number().int(),
  via: z.enum(['pin', 'host', 'qr', 'testing']),
});
export const ZCoHostSet = e('co_host_set', { playerId: z.uuid().nullable() });
/** A random deal, decided once: the seed it came from and the resulting seat -> character. */
export const ZCastDealt = e('cast_dealt', { seed: z.string(), assignments: z.record(z.string(), z.string()) });

/** The room's shared reveal moved to `step` at `at` (ms), by the host's (or co-host's) tap or by the automatic pace. */
export const ZRevealAdvanced = e('reveal_advanced', { step: z.number().int().min(0), at: z.number().int(), by: z.enum(['host', 'auto']) });
/** A guest came with the room code after the start and watches; the claim hash is the only trace of their secret. */
export const ZLateArrivalWatching = e('late_arrival_watching', { arrival: ZLateArrival });
/** The host dealt a late arrival a seat (a Seeker with a character not yet dealt). */
export const ZLateArrivalSeated = e('late_arrival_seated', { arrivalId: z.uuid(), player: ZLivePlayer });
/** The arriving phone collected its seat (once). */
export const ZLateSeatClaimed = e('late_seat_claimed', { arrivalId: z.uuid() });
/** The server saw the host's last phone leave (`online: false`) or a phone of the host come back. */
export const ZHostPresenceChanged = e('host_presence_changed', { online: z.boolean(), at: z.number().int() });
/** The co-host (or the leader) took the host controls over while the host was away. */
export const ZHostTakenOver = e('host_taken_over', { playerId: z.uuid(), at: z.number().int() });
/** The host (co-host, acting host) pushed a hint card to every phone. */
export const ZHintPushed = e('hint_pushed', { hint: ZPushedHint });

export const ZGameEvent = z.discriminatedUnion('type', [
  ZGameCreated,
  ZPlayerJoined,
  ZPlayerRemoved,
  ZCharacterAssigned,
  ZCharacterUnassigned,
  ZGameStarted,
  ZPhaseChanged,
  ZLeaderChanged,
  ZExpectedPlayersSet,
  ZFeedbackModeSet,
  ZTvNamesSet,
  ZDefenceStarted,
  ZDefenceEnded,
  ZVoteRemoved,
  ZSuspectBallotCast,
  ZSuspectsRevealed,
  ZFinalVoteCast,
  ZDailyVoteCast,
  ZGameCompleted,
  ZGameDeleted,
  ZSeatPinSet,
  ZSeatPinFailed,
  ZRejoinRequested,
  ZRejoinAnswered,
  ZRejoinClaimed,
  ZSeatMoveIssued,
  ZSeatMoved,
  ZCoHostSet,
  ZCastDealt,
  ZRevealAdvanced,
  ZLateArrivalWatching,
  ZLateArrivalSeated,
  ZLateSeatClaimed,
  ZHostPresenceChanged,
  ZHostTakenOver,
  ZHintPushed,
]);
export type TGameEvent = z.infer<typeof ZGameEvent>;
export type TGameEventType = TGameEvent['type'];
