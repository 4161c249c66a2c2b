import { z } from 'zod';
import { ZLiveResults, ZTeam } from './engine/state.js';
import { ZHintText } from './host-kit.js';
import { ZDay } from './story-days.js';

/**
 * The case-file replay: after the game, the storyline's days as a timeline read from the game's event log. It shows
 * teams and ballots, so it exists only once the game is completed.
 */
export const ZReplayPlayer = z.object({
  id: z.uuid(),
  displayName: z.string(),
  characterId: z.string().nullable(),
  characterName: z.string().nullable(),
  team: ZTeam.nullable(),
  isKiller: z.boolean(),
});
export type TReplayPlayer = z.infer<typeof ZReplayPlayer>;

export const ZReplayClue = z.object({ playerId: z.uuid(), caption: z.string(), url: z.string() });
/** A daily-tracker entry (testing mode): whom a player suspected at the end of a day. */
export const ZReplayAccusation = z.object({
  playerId: z.uuid(),
  suspectPlayerId: z.uuid().nullable(),
  suspectCharacterName: z.string(),
});

export const ZReplayDay = z.object({
  day: ZDay,
  name: z.string(),
  date: z.string(),
  clue: z.string(),
  clues: z.array(ZReplayClue),
  accusations: z.array(ZReplayAccusation),
});
export type TReplayDay = z.infer<typeof ZReplayDay>;

/** One counted ballot and the running tally right after it (playerId -> votes). */
export const ZReplayVoteStep = z.object({
  at: z.string(),
  voterId: z.uuid(),
  suspectIds: z.array(z.uuid()),
  tally: z.record(z.string(), z.number().int()),
});
export type TReplayVoteStep = z.infer<typeof ZReplayVoteStep>;

/** A hint card the host pushed, where it was pushed (the phase's key: day-N, suspect-vote, final-vote). */
export const ZReplayHint = ZHintText.extend({ at: z.string(), phaseKey: z.string() });
export type TReplayHint = z.infer<typeof ZReplayHint>;

export const ZReplayResponse = z.object({
  gameId: z.uuid(),
  title: z.string(),
  /** The case the game played and its killer's character (the file opens only after the game). */
  caseId: z.string().nullable(),
  caseTitle: z.string().nullable(),
  killerCharacterId: z.string().nullable(),
  players: z.array(ZReplayPlayer),
  days: z.array(ZReplayDay),
  suspectVote: z.array(ZReplayVoteStep),
  topSuspects: z.array(z.uuid()),
  finalVote: z.array(ZReplayVoteStep),
  /** The hint cards the host pushed, in order. */
  hints: z.array(ZReplayHint).default([]),
  verdict: ZLiveResults,
});
export type TReplayResponse = z.infer<typeof ZReplayResponse>;
