import { TOP_SUSPECTS, canVote, decideFinalOutcome, rankSuspects } from '../rules/tally.js';
import type { Draft } from './command.js';
import { killerCharacterIdOf } from './game-case.js';
import { phaseDef, phasesOf } from './phases.js';
import type { EngineStoryline, TGameState } from './state.js';

/** Every seat that may vote has voted (and there is at least one): the same count the public view shows. */
export function allEligibleVoted(s: TGameState, voterIds: readonly string[]): boolean {
  const eligible = s.players.filter(canVote);
  const voted = new Set(voterIds);
  return eligible.length > 0 && eligible.every((p) => voted.has(p.id));
}

/** Closes the suspect vote once: the top 3 by votes (ties to seating order) lose their vote. */
export function closeSuspectVote(d: Draft): void {
  if (d.state.suspectVoting.topSuspects) return;
  const seating = d.state.players.map((p) => p.id);
  const ranked = rankSuspects(new Map(Object.entries(d.state.suspectVoting.tally)), seating).slice(0, TOP_SUSPECTS);
  d.emit({ type: 'suspects_revealed', topSuspects: ranked });
}

/** Ends the game from the final votes cast: most votes is accused (ties to seating order); seekers win on the case's killer. */
export function completeGame(d: Draft, storyline: EngineStoryline, now: number): void {
  const s = d.state;
  if (s.results) return;
  const killerCharacterId = killerCharacterIdOf(s, storyline);
  const killer = s.players.find((p) => p.characterId !== null && p.characterId === killerCharacterId) ?? null;
  const votes = s.finalVoting.voterIds.map((voterId) => ({ voterId, suspectId: s.finalVoting.votes[voterId] as string }));
  const outcome = decideFinalOutcome(votes, killer?.id ?? null, s.players.map((p) => p.id));
  d.emit({
    type: 'game_completed',
    at: new Date(now).toISOString(),
    results: {
      winningTeam: outcome.winningTeam,
      accusedPlayerId: outcome.accusedId,
      killerPlayerId: killer?.id ?? null,
      killerCorrect: outcome.killerCorrect,
    },
  });
}

/**
 * With nobody left who may vote in the final vote, nobody can be convicted: the game ends at once and the
 * shadows win.
 */
export function completeIfNobodyCanVote(d: Draft, storyline: EngineStoryline, now: number): void {
  const s = d.state;
  if (s.game.status !== 'in_progress' || s.game.currentPhase < phasesOf(storyline).finalVote || s.results) return;
  if (s.players.some(canVote)) return;
  completeGame(d, storyline, now);
}

/** Moves the game to a phase and runs the phase table's entry effects. */
export function enterPhase(d: Draft, to: number, storyline: EngineStoryline, now: number): void {
  const from = d.state.game.currentPhase;
  const table = phasesOf(storyline);
  d.emit({ type: 'phase_changed', from, to, at: now });
  // Entry effects of every phase passed over count too (a jump from day 2 to the final vote closes the vote).
  for (let n = from + 1; n <= to; n++) {
    for (const effect of phaseDef(table, n)?.onEnter ?? []) {
      if (effect === 'close_suspect_vote') closeSuspectVote(d);
      if (effect === 'complete_if_nobody_can_vote') completeIfNobodyCanVote(d, storyline, now);
    }
  }
  // Staying in (or going back into) the final vote also ends a game with nobody left to vote.
  if (to >= table.finalVote) completeIfNobodyCanVote(d, storyline, now);
}
