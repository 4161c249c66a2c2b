import { z } from 'zod';
import { essentialCharacterIds } from '../../cast.js';
import { assignTeams } from '../../rules/teams.js';
import { accept, defineCommand } from '../command.js';
import { storylineOf } from '../game-case.js';
import { Refusal, refuse } from '../refusals.js';

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
  decide({ state, sv, now }) {
    if (state.game.status !== 'setup') return refuse(Refusal.GAME_STARTED, 'This game has already started');
    if (state.players.length < state.game.minPlayers) {
      return refuse(Refusal.NOT_ENOUGH_PLAYERS, `At least ${state.game.minPlayers} players are needed to start.`);
    }
    const unassigned = state.players.filter((p) => !p.characterId).length;
    if (unassigned > 0) return refuse(Refusal.UNASSIGNED_PLAYERS, `${unassigned} player(s) need character assignments first.`);
    const told = storylineOf(state, sv);
    const roles = told.content.roles;
    const killerId = told.case?.killerCharacterId;
    if (!roles || !killerId) return refuse(Refusal.STORYLINE_NOT_PLAYABLE, 'This storyline cannot be played yet');
    const assigned = state.players.map((p) => p.characterId as string);
    const core = [...new Set([...essentialCharacterIds(sv.content), killerId, roles.detectiveCharacterId])];
    if (core.some((id) => !assigned.includes(id))) {
      // Names the whole missing core cast so the message does not reveal which one is the killer.
      const missing = core.filter((id) => !assigned.includes(id)).map((id) => sv.characters.get(id)?.name ?? id);
      return refuse(Refusal.CORE_CAST_MISSING, `Assign the core characters first: ${missing.join(', ')}.`);
    }
    const byCharacter = assignTeams({
      assignedCharacterIds: assigned,
      killerCharacterId: killerId,
      detectiveCharacterId: roles.detectiveCharacterId,
      shadowCandidates: told.content.shadowCandidates,
      shadowsByPlayerCount: sv.content.shadowsByPlayerCount,
      seed: state.game.id,
    });
    const teams: Record<string, 'seeker' | 'shadow'> = {};
    for (const p of state.players) teams[p.id] = byCharacter[p.characterId as string] ?? 'seeker';
    return accept({ type: 'game_started', at: new Date(now).toISOString(), teams });
  },
});
