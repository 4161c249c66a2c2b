import type { z } from 'zod';
import type { TGameEvent } from './events.js';
import { evolve } from './evolve.js';
import type { Refused } from './refusals.js';
import type { EngineStoryline, TGameState } from './state.js';

/**
 * Who sends a command, as the engine sees it (the server resolves tokens to this):
 * - host: the game's host user, acting through their own seat (`playerId`, null if the seat is gone);
 * - player: a seat's player;  admin: an admin who is not the host;  system: the server itself (timers);
 * - guest: nobody yet (joining).
 */
export type ActorRole = 'host' | 'player' | 'admin' | 'system' | 'guest';
export interface Actor {
  role: ActorRole;
  playerId: string | null;
}

/**
 * Who may send a command: `seat` is anyone with a seat in the game (players and the host's own seat); `driver`
 * is the host or the co-host seat (they may move phases and run defences).
 */
export type Who = 'host' | 'driver' | 'seat' | 'system' | 'guest';

/** A decision's events; `state` is where they lead when the decision built it (callers then need not fold again). */
export type Decision = { ok: true; events: TGameEvent[]; state?: TGameState } | Refused;

export interface DecideInput<C> {
  command: C;
  state: TGameState;
  actor: Actor;
  storyline: EngineStoryline;
  /** Milliseconds since epoch: the only clock a decision sees (so decisions replay exactly in tests). */
  now: number;
}

export interface CommandDef<T extends string, S extends z.ZodType<{ type: T }>> {
  type: T;
  schema: S;
  who: readonly Who[];
  /** Also allowed once the game is deleted or completed? Default: refused with GAME_DELETED / per command. */
  decide(input: DecideInput<z.infer<S>>): Decision;
}

export function defineCommand<T extends string, S extends z.ZodType<{ type: T }>>(def: CommandDef<T, S>): CommandDef<T, S> {
  return def;
}

/** Builds a decision's events one by one, keeping the state they lead to (later checks read it). */
export class Draft {
  readonly events: TGameEvent[] = [];
  constructor(public state: TGameState) {}
  emit(ev: TGameEvent): this {
    this.events.push(ev);
    this.state = evolve(this.state, ev);
    return this;
  }
  done(): Decision {
    return { ok: true, events: this.events, state: this.state };
  }
}

/**
 * The host, the co-host, or the player who took the host controls over while the host was away: they may move
 * phases, run defences, answer rejoins and step the reveal.
 */
export function isDriver(state: TGameState, actor: Actor): boolean {
  if (actor.role === 'host') return true;
  if (actor.role !== 'player' || actor.playerId === null) return false;
  return actor.playerId === (state.game.coHostPlayerId ?? null) || actor.playerId === (state.game.actingHostPlayerId ?? null);
}

export const accept = (...events: TGameEvent[]): Decision => ({ ok: true, events });
/** Nothing to change (e.g. a repeated ballot): a success with no events. */
export const unchanged = (): Decision => ({ ok: true, events: [] });
