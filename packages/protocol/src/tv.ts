import { z } from 'zod';
import { ZServedMediaItem } from './content.js';
import { ZCharacterSummary, ZGameHeading, ZStorylineDays, ZVoteProgress } from './games.js';
import { ZDay } from './story-days.js';
import { ZDefenceTimer, ZWinningTeam } from './engine/state.js';

/**
 * The table screen (`/tv/{joinCode}`): a read-only, public view of a game for a laptop or TV. It carries only what
 * the whole room may see: names and characters, the day, the maps every seat holds, the defence clock and vote
 * progress as counts (never a ballot), and the verdict once the game is over.
 */
export const ZTvPlayer = z.object({ id: z.uuid(), displayName: z.string(), character: ZCharacterSummary.nullable() });
export type TTvPlayer = z.infer<typeof ZTvPlayer>;

export const ZTvDay = z.object({
  day: ZDay,
  date: z.string(),
  name: z.string(),
  clue: z.string(),
  bannerImage: z.string(),
  /** Maps that every seat in play holds for this day (so showing them tells nobody anything new). */
  maps: z.array(ZServedMediaItem),
});

export const ZTvProgress = ZVoteProgress.omit({ allVotesSubmitted: true });

export const ZTvView = z.object({
  gameId: z.uuid(),
  ...ZGameHeading.shape,
  coverImage: z.string().nullable(),
  /** For the table screen before a day opens. */
  days: ZStorylineDays,
  players: z.array(ZTvPlayer),
  day: ZTvDay.nullable(),
  suspectVoting: ZTvProgress,
  /** The top 3 once the suspect vote is revealed (they are announced to every phone as well). */
  topSuspects: z.array(z.object({ playerId: z.uuid(), rank: z.number().int() })).nullable(),
  finalVoting: ZTvProgress,
  defence: ZDefenceTimer.nullable(),
  /** Only from the shared reveal's killer step on (the killer is never on the table screen before it). */
  verdict: z
    .object({ winningTeam: ZWinningTeam, accused: z.string().nullable(), killer: z.string().nullable() })
    .nullable(),
  /**
   * The shared reveal once the game is over, step by step as the host moves it (0 verdict, 1 accused, 2 killer,
   * 3 the Shadows, 4 the case's story): each part appears only from its step.
   */
  reveal: z
    .object({
      step: z.number().int(),
      nextAt: z.number().int().nullable(),
      accused: z.string().nullable(),
      shadows: z.array(z.string()).nullable(),
      story: z.string().nullable(),
    })
    .nullable()
    .default(null),
});
export type TTvView = z.infer<typeof ZTvView>;

export const ZTvSnapshot = z.object({ serverTime: z.number(), view: ZTvView });
export type TTvSnapshot = z.infer<typeof ZTvSnapshot>;

/** The Socket.IO namespace of table screens; the handshake names the room code (`auth: { joinCode }`). */
export const TV_NAMESPACE = '/tv';
export interface TvServerToClientEvents {
  'tv:snapshot': (e: TTvSnapshot) => void;
  'tv:ended': (e: { reason: 'deleted' }) => void;
}
export type TvClientToServerEvents = Record<string, never>;
