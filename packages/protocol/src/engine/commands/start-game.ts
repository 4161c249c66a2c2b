import { z } from 'zod';
import { essentialCharacterIds } from '../../cast.js';
import { assignTeams } from '../../rules/teams.js';
import { accept, defineCommand } from '../command.js';
import { storylineOf } from '../game-case.js';
import { Refusal, refuse, type Refused } from '../refusals.js';
import type { TGameStatus } from '../state.js';

/** What the start checks read of a game: the live room's and the public view's shape alike. */
export interface StartTable {
  status: TGameStatus;
  minPlayers: number;
  players: readonly { characterId: string | null }[];
}

export interface StartReadiness {
  /** Seats still without a character. */
  unassigned: number;
  /** How many more seats the storyline needs before the start. */
  missingPlayers: number;
  /** Why the host cannot start yet (the first rule that fails), or null when the table is ready. */
  refusal: Refused | null;
}

/**
 * The start rules any screen can check from the public view: the game is still in setup, the table has at least
 * the storyline's minimum of seats, and every seat holds a character. The host's screen shows the same refusal
 * the server gives; the core-cast rule below needs the case (a secret), so only the server checks it.
 */
export function startReadiness(t: StartTable): StartReadiness {
  const unassigned = t.players.filter((p) => !p.characterId).length;
  const missingPlayers = Math.max(0, t.minPlayers - t.players.length);
  const refusal =
    t.status !== 'setup'
      ? refuse(Refusal.GAME_STARTED, 'This game has already started')
      : missingPlayers > 0
        ? refuse(Refusal.NOT_ENOUGH_PLAYERS, `At least ${t.minPlayers} players are needed to start.`)
        : unassigned > 0
          ? refuse(Refusal.UNASSIGNED_PLAYERS, `${unassigned} player(s) need character assignments first.`)
          : null;
  return { unassigned, missingPlayers, refusal };
}

/**
 * The host starts the game: every seat needs a character, every essential character of the storyline must be in
 * play (they carry the clues that convict at every table size; killer and detective are among them), and the
 * teams are dealt from the game's case (its killer shadow, the detective seeker, the other shadow seats among the
 * case's shadow candidates by a shuffle seeded with the game id).
 */
export const startGame = defineCommand({
  type: 'start_game',
  schema: z.object({ type: z.literal('start_game') }),
  who: ['host'],
  decide({ state, storyline, now }) {
    const ready = startReadiness({ status: state.game.status, minPlayers: state.game.minPlayers, players: state.players });
    if (ready.refusal) return ready.refusal;
    const told = storylineOf(state, storyline);
    const roles = told.content.roles;
    const killerId = told.case?.killerCharacterId;
    if (!roles || !killerId) return refuse(Refusal.STORYLINE_NOT_PLAYABLE, 'This storyline cannot be played yet');
    const assigned = state.players.map((p) => p.characterId as string);
    const core = [...new Set([...essentialCharacterIds(storyline.content), killerId, roles.detectiveCharacterId])];
    if (core.some((id) => !assigned.includes(id))) {
      // Names the whole missing core cast so the message does not reveal which one is the killer.
      const missing = core.filter((id) => !assigned.includes(id)).map((id) => storyline.characters.get(id)?.name ?? id);
      return refuse(Refusal.CORE_CAST_MISSING, `Assign the core characters first: ${missing.join(', ')}.`);
    }
    const byCharacter = assignTeams({
      assignedCharacterIds: assigned,
      killerCharacterId: killerId,
      detectiveCharacterId: roles.detectiveCharacterId,
      shadowCandidates: told.content.shadowCandidates,
      shadowsByPlayerCount: storyline.content.shadowsByPlayerCount,
      seed: state.game.id,
    });
    const teams: Record<string, 'seeker' | 'shadow'> = {};
    for (const p of state.players) teams[p.id] = byCharacter[p.characterId as string] ?? 'seeker';
    return accept({ type: 'game_started', at: new Date(now).toISOString(), teams });
  },
});
