import type { TCapabilities } from '../games.js';
import { isDriver, type Actor } from './command.js';
import { mayRun } from './decide.js';
import { phaseOpen } from './phases.js';
import type { EngineStoryline, TGameState } from './state.js';

/**
 * What an actor may do in a game now, read from the rules `decide` applies (each command's `who`, the phase a
 * phase-bound command runs in), so a screen shows exactly the controls the engine would accept. It reads only the
 * actor's own standing (host, seat, co-host, acting host) and the game's phase: nothing about another seat.
 */
export function capabilitiesOf(state: TGameState, actor: Actor, storyline: Pick<EngineStoryline, 'content'>): TCapabilities {
  const may = (type: Parameters<typeof mayRun>[2]) => mayRun(state, actor, type);
  return {
    drivePhases: may('advance_phase'),
    runDefence: may('start_defence') && phaseOpen(storyline, state.game, 'start_defence'),
    // Any seat may ask for a step that is due; a driver moves it on at once (the reveal command's own rule).
    stepReveal: may('advance_reveal') && isDriver(state, actor),
    pushHint: may('push_hint'),
    assignCharacters: may('assign_character'),
    startGame: may('start_game'),
    removePlayers: may('remove_player'),
    setCoHost: may('set_co_host'),
    setLeader: may('set_leader'),
    moveSeats: may('issue_seat_move'),
    castSuspectBallot: may('cast_suspect_ballot') && phaseOpen(storyline, state.game, 'cast_suspect_ballot'),
    castFinalVote: may('cast_final_vote') && phaseOpen(storyline, state.game, 'cast_final_vote'),
  };
}

/** The engine's actor for a seat of the game (the host's own seat acts as the host). */
export function seatActor(state: TGameState, playerId: string): Actor {
  const p = state.players.find((x) => x.id === playerId);
  return { role: p?.isHost ? 'host' : 'player', playerId };
}
