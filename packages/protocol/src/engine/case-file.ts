import { renderCastText } from '../cast-text.js';
import type { TReplayHint, TReplayResponse, TReplayVoteStep } from '../replay.js';
import { phasesOf } from './phases.js';
import type { TGameEvent } from './events.js';
import { gameCast } from './cast-view.js';
import { replay } from './evolve.js';
import { storylineOf } from './game-case.js';
import { Refusal, refuse, type Refused } from './refusals.js';
import type { EngineStoryline } from './state.js';

/** One entry of the game's event log as the case file reads it (`at`: when it was appended). */
export interface LoggedEvent {
  seq: number;
  at: string;
  event: TGameEvent;
}

/**
 * The case-file replay: the game's days (as many as its storyline has) read back from its event log, with the
 * daily tracker votes of testing mode. It shows every team and ballot, so it is refused until the game is completed.
 */
export function caseFile(log: readonly LoggedEvent[], shared: EngineStoryline): { ok: true; file: TReplayResponse } | Refused {
  const state = replay(log);
  if (state.game.status !== 'completed' || !state.results) {
    return refuse(Refusal.GAME_NOT_COMPLETED, 'The case file opens once the game is over');
  }
  // The game's own case: its killer, its clues of each day and its rewrites of the characters' clue images.
  const storyline = storylineOf(state, shared);
  const killerCharacterId = storyline.case?.killerCharacterId ?? null;
  const players = state.players.map((p) => {
    const c = p.characterId ? storyline.characters.get(p.characterId) : undefined;
    return {
      id: p.id,
      displayName: p.displayName,
      characterId: p.characterId,
      characterName: c?.name ?? null,
      team: p.team,
      isKiller: p.characterId !== null && p.characterId === killerCharacterId,
    };
  });
  const holder = new Map(state.players.filter((p) => p.characterId).map((p) => [p.characterId as string, p.id]));

  const cast = gameCast(state, storyline);
  const days = storyline.content.days.map((d) => ({
    day: d.day,
    name: d.name,
    date: d.date,
    clue: renderCastText(d.clue, cast),
    clues: state.players.flatMap((p) => {
      const c = p.characterId ? storyline.characters.get(p.characterId) : undefined;
      const own = c?.days.find((x) => x.day === d.day);
      return (own?.clueImages ?? []).map((m) => ({ playerId: p.id, caption: renderCastText(m.caption, cast), url: m.url }));
    }),
    // Only seats still in the game; the suspect is named by the seat holding the character at the end.
    accusations: (state.dailyVotes ?? [])
      .filter((a) => a.day === d.day && state.players.some((p) => p.id === a.voterId))
      .map((a) => ({
        playerId: a.voterId,
        suspectPlayerId: holder.get(a.suspectCharacterId) ?? null,
        suspectCharacterName: storyline.characters.get(a.suspectCharacterId)?.name ?? a.suspectCharacterId,
      })),
  }));

  const suspectVote: TReplayVoteStep[] = [];
  const finalVote: TReplayVoteStep[] = [];
  const suspectTally: Record<string, number> = {};
  const finalTally: Record<string, number> = {};
  const table = phasesOf(storyline);
  const hints: TReplayHint[] = [];
  for (const { at, event } of log) {
    if (event.type === 'hint_pushed') {
      const h = storyline.content.hostKit?.hints.find((x) => x.id === event.hint.hintId);
      if (h) hints.push({ hintId: h.id, title: h.title, text: h.text, at: new Date(event.hint.at).toISOString(), phaseKey: (table.phases[event.hint.phase] ?? table.outcome).key });
    }
    if (event.type === 'suspect_ballot_cast') {
      for (const id of event.suspects) suspectTally[id] = (suspectTally[id] ?? 0) + 1;
      suspectVote.push({ at, voterId: event.voterId, suspectIds: event.suspects, tally: { ...suspectTally } });
    } else if (event.type === 'final_vote_cast') {
      finalTally[event.suspectId] = (finalTally[event.suspectId] ?? 0) + 1;
      finalVote.push({ at, voterId: event.voterId, suspectIds: [event.suspectId], tally: { ...finalTally } });
    }
  }

  return {
    ok: true,
    file: {
      gameId: state.game.id,
      title: state.game.title,
      caseId: storyline.case?.id ?? null,
      caseTitle: storyline.case?.title ?? null,
      killerCharacterId,
      players,
      days,
      suspectVote,
      topSuspects: (state.suspectVoting.topSuspects ?? []).map((t) => t.playerId),
      finalVote,
      hints,
      verdict: state.results,
    },
  };
}
