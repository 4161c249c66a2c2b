import { isDriver, type Actor, type DecideInput, type Decision, type Who } from './command.js';
import { COMMANDS, type TGameCommand } from './commands/index.js';
import { Refusal, refuse } from './refusals.js';
import { storylineOf } from './game-case.js';
import type { EngineStoryline, TGameState } from './state.js';

function allowed(who: readonly Who[], actor: Actor, state: TGameState): boolean {
  return who.some(
    (w) =>
      (w === 'host' && actor.role === 'host') ||
      (w === 'driver' && isDriver(state, actor)) ||
      (w === 'seat' && actor.playerId !== null && (actor.role === 'player' || actor.role === 'host')) ||
      (w === 'system' && actor.role === 'system') ||
      (w === 'guest' && actor.role === 'guest'),
  );
}

/**
 * Whether this actor is one the command's `who` admits, on this state (a deleted game admits nobody): the check
 * `decide` makes before a command's own rules, and what a caller's capabilities are read from.
 */
export function mayRun(state: TGameState, actor: Actor, type: keyof typeof COMMANDS): boolean {
  return !state.game.deletedAt && allowed(COMMANDS[type].who, actor, state);
}

/**
 * The rule book's one entry point: what a command by this actor does to this state, as events, or why it is
 * refused. Pure: no I/O, no clock (the caller passes `now`), so every rule is testable without a server.
 */
export function decide(state: TGameState, command: TGameCommand, actor: Actor, storyline: EngineStoryline, now: number): Decision {
  if (state.game.deletedAt) return refuse(Refusal.GAME_DELETED, 'This game has been deleted');
  const def = COMMANDS[command.type];
  if (!allowed(def.who, actor, state)) {
    if (def.who.includes('host') || def.who.includes('driver')) return refuse(Refusal.NOT_HOST, 'Only the host can do this');
    return refuse(Refusal.NOT_A_PLAYER, 'Player not found in game');
  }
  // Each definition narrows `command` to its own type; the registry keys guarantee the match.
  const run = def.decide as (input: DecideInput<TGameCommand>) => Decision;
  // Every rule reads the storyline as the game's own case tells it (its killer, its shadow candidates).
  return run({ command, state, actor, storyline: storylineOf(state, storyline), now });
}
