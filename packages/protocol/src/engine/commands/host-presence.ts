import { z } from 'zod';
import { accept, defineCommand, unchanged } from '../command.js';
import { Refusal, refuse } from '../refusals.js';

/**
 * The host's presence, as the engine learns it: presence is the server's knowledge (which sockets are connected),
 * so the server sends `note_host_presence` when the host's last phone leaves the game's room and when a phone of
 * the host joins it again. The state keeps since when the host is away; every phone counts from that time (20 s:
 * the players see "Host reconnecting…"; 60 s: the co-host, else the leader, is offered the host controls).
 */
export const HOST_AWAY_NOTICE_MS = 20_000;
export const HOST_TAKEOVER_AFTER_MS = 60_000;

export const noteHostPresence = defineCommand({
  type: 'note_host_presence',
  schema: z.object({ type: z.literal('note_host_presence'), online: z.boolean() }),
  who: ['system'],
  decide({ command, state, now }) {
    if (state.game.status !== 'in_progress') return unchanged();
    const away = (state.game.hostAwaySince ?? null) !== null;
    if (command.online !== away) return unchanged();
    return accept({ type: 'host_presence_changed', online: command.online, at: now });
  },
});

/** Who is offered the host controls while the host is away: the co-host, or the leader when there is no co-host. */
export function hostStandIn(game: { coHostPlayerId?: string | null | undefined; leaderPlayerId: string | null }): string | null {
  return game.coHostPlayerId ?? game.leaderPlayerId ?? null;
}

/**
 * The co-host (or the leader, with no co-host) takes the host controls over, allowed only once the host has been
 * away for HOST_TAKEOVER_AFTER_MS. They then drive the game (phases, defences, rejoins, late seats, the reveal)
 * until the host's phone is back, when the controls return to the host.
 */
export const takeOverHost = defineCommand({
  type: 'take_over_host',
  schema: z.object({ type: z.literal('take_over_host') }),
  who: ['seat'],
  decide({ state, actor, now }) {
    if (state.game.status !== 'in_progress') return refuse(Refusal.GAME_NOT_IN_PROGRESS, 'The game is not in progress');
    if (actor.role !== 'player' || !actor.playerId || actor.playerId !== hostStandIn(state.game)) {
      return refuse(Refusal.NOT_HOST, 'Only the co-host, or the leader when there is no co-host, can take over');
    }
    if (state.game.actingHostPlayerId === actor.playerId) return unchanged();
    const since = state.game.hostAwaySince ?? null;
    if (since === null || now - since < HOST_TAKEOVER_AFTER_MS) {
      return refuse(Refusal.HOST_PRESENT, 'The host is connected or has been away for less than a minute');
    }
    return accept({ type: 'host_taken_over', playerId: actor.playerId, at: now });
  },
});
