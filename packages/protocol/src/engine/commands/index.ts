import { z } from 'zod';
import { assignCharacter } from './assign-character.js';
import { endDefence, startDefence, stopDefence } from './defence.js';
import { answerRejoin, claimRejoin, issueSeatMove, redeemSeatMove, rejoinSeat } from './seats.js';
import { dealCast, setCoHost } from './table.js';
import { deleteGame } from './delete-game.js';
import { castDailyVote } from './daily-vote.js';
import { castFinalVote } from './final-vote.js';
import { join } from './join.js';
import { advancePhase, backPhase, setPhase } from './phase.js';
import { removePlayer } from './remove-player.js';
import { removeVote } from './remove-vote.js';
import { setExpectedPlayers, setFeedbackMode, setLeader, setTvNames } from './settings.js';
import { startGame } from './start-game.js';
import { castSuspectBallot } from './suspect-ballot.js';
import { unassignCharacter } from './unassign-character.js';
import { advanceReveal } from './reveal.js';
import { arriveLate, claimLateSeat, seatLateArrival } from './late-arrival.js';
import { noteHostPresence, takeOverHost } from './host-presence.js';
import { pushHint } from './push-hint.js';

/** The registry: every command the engine knows. A new command is one file above plus one line in each list. */
export const COMMANDS = {
  join,
  remove_player: removePlayer,
  delete_game: deleteGame,
  assign_character: assignCharacter,
  unassign_character: unassignCharacter,
  start_game: startGame,
  advance_phase: advancePhase,
  back_phase: backPhase,
  set_phase: setPhase,
  set_leader: setLeader,
  set_expected_players: setExpectedPlayers,
  set_feedback_mode: setFeedbackMode,
  set_tv_names: setTvNames,
  start_defence: startDefence,
  end_defence: endDefence,
  remove_vote: removeVote,
  cast_suspect_ballot: castSuspectBallot,
  cast_final_vote: castFinalVote,
  cast_daily_vote: castDailyVote,
  stop_defence: stopDefence,
  rejoin_seat: rejoinSeat,
  answer_rejoin: answerRejoin,
  claim_rejoin: claimRejoin,
  issue_seat_move: issueSeatMove,
  redeem_seat_move: redeemSeatMove,
  set_co_host: setCoHost,
  deal_cast: dealCast,
  advance_reveal: advanceReveal,
  arrive_late: arriveLate,
  seat_late_arrival: seatLateArrival,
  claim_late_seat: claimLateSeat,
  note_host_presence: noteHostPresence,
  take_over_host: takeOverHost,
  push_hint: pushHint,
} as const;

export const ZGameCommand = z.discriminatedUnion('type', [
  join.schema,
  removePlayer.schema,
  deleteGame.schema,
  assignCharacter.schema,
  unassignCharacter.schema,
  startGame.schema,
  advancePhase.schema,
  backPhase.schema,
  setPhase.schema,
  setLeader.schema,
  setExpectedPlayers.schema,
  setFeedbackMode.schema,
  setTvNames.schema,
  startDefence.schema,
  endDefence.schema,
  removeVote.schema,
  castSuspectBallot.schema,
  castFinalVote.schema,
  castDailyVote.schema,
  stopDefence.schema,
  rejoinSeat.schema,
  answerRejoin.schema,
  claimRejoin.schema,
  issueSeatMove.schema,
  redeemSeatMove.schema,
  setCoHost.schema,
  dealCast.schema,
  advanceReveal.schema,
  arriveLate.schema,
  seatLateArrival.schema,
  claimLateSeat.schema,
  noteHostPresence.schema,
  takeOverHost.schema,
  pushHint.schema,
]);
export type TGameCommand = z.infer<typeof ZGameCommand>;
export type TGameCommandType = TGameCommand['type'];

export { DEFENCE_MS } from './defence.js';
export { REVEAL_STEPS, REVEAL_LAST_STEP, REVEAL_FIRST_WAIT_MS, REVEAL_PACE_MS, REVEAL_HOST_IDLE_MS, nextRevealAt, revealStep, revealStepIndex, type RevealStepKey } from './reveal.js';
export { MAX_LATE_ARRIVALS, lateSeatingOpen, lateSeatCharacters } from './late-arrival.js';
export { HOST_AWAY_NOTICE_MS, HOST_TAKEOVER_AFTER_MS, hostStandIn } from './host-presence.js';
export { startReadiness, type StartReadiness, type StartTable } from './start-game.js';
