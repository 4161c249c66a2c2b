import { z } from 'zod';
import type { TContentCharacter, TStorylineContent } from '../content.js';

/**
 * The game's full state as the server keeps it (the "live room"). It holds secrets (teams, every ballot) and is
 * never sent as is: views.ts decides what each audience sees. It is the fold of the game's events (evolve.ts);
 * `version` is the sequence number of the last event folded in.
 */
export const ZGameStatus = z.enum(['setup', 'in_progress', 'completed']);
export type TGameStatus = z.infer<typeof ZGameStatus>;
export const ZTeam = z.enum(['seeker', 'shadow']);
export type TTeam = z.infer<typeof ZTeam>;

/** Who a seat is: what the live room keeps of it and every view of the game shows alike. */
export const ZSeatIdentity = z.object({
  id: z.uuid(),
  displayName: z.string(),
  userId: z.uuid().nullable(),
  isHost: z.boolean(),
  characterId: z.string().nullable(),
});

export const ZLivePlayer = ZSeatIdentity.extend({
  team: ZTeam.nullable(),
  voteLost: z.boolean(),
  voteLostReason: z.enum(['detective', 'top_suspect']).nullable(),
  sessionVersion: z.number().int(),
  joinedAt: z.string(),
});
export type TLivePlayer = z.infer<typeof ZLivePlayer>;

export const ZTopSuspect = z.object({
  playerId: z.uuid(),
  rank: z.number().int().min(1).max(3),
  voteCount: z.number().int(),
});
export type TTopSuspect = z.infer<typeof ZTopSuspect>;

export const ZDefenceTimer = z.object({
  suspectPlayerId: z.uuid(),
  startedAt: z.number().int(),
  durationMs: z.number().int(),
  endsAt: z.number().int(),
});
export type TDefenceTimer = z.infer<typeof ZDefenceTimer>;

export const ZWinningTeam = z.enum(['seekers', 'shadows']);
export const ZLiveResults = z.object({
  winningTeam: ZWinningTeam,
  accusedPlayerId: z.uuid().nullable(),
  killerPlayerId: z.uuid().nullable(),
  killerCorrect: z.boolean(),
});
export type TLiveResults = z.infer<typeof ZLiveResults>;

/**
 * What the table screen (reached by room code alone, no sign-in) shows of players' names, as the host allows:
 * first names (the default), the names as typed, or nothing before the game starts (first names after).
 */
export const ZTvNames = z.enum(['first_names', 'full_names', 'after_start']);
export type TTvNames = z.infer<typeof ZTvNames>;

export const ZLiveGame = z.object({
  id: z.uuid(),
  joinCode: z.string(),
  title: z.string(),
  storylineId: z.string(),
  storylineVersion: z.number().int(),
  hostUserId: z.uuid(),
  status: ZGameStatus,
  currentPhase: z.number().int(),
  isTestingMode: z.boolean(),
  feedbackMode: z.boolean(),
  characterLimit: z.number().int(),
  minPlayers: z.number().int(),
  expectedPlayers: z.number().int().nullable(),
  leaderPlayerId: z.uuid().nullable(),
  amountPaidCents: z.number().int(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  deletedAt: z.string().nullable().default(null),
  /** The player the host named co-host: they may drive phases and defences too. */
  coHostPlayerId: z.uuid().nullable().optional(),
  /** Absent in games created before the setting existed: first names. */
  tvNames: ZTvNames.optional(),
  /**
   * Since when (ms) the host has had no connected phone, as the server saw it (host-presence.ts); null while the
   * host is connected. Optional so games stored before it parse.
   */
  hostAwaySince: z.number().int().nullable().optional(),
  /** When the current phase began (ms, server clock): the game's start, then each phase change that recorded it. */
  phaseStartedAt: z.number().int().nullable().optional(),
  /** The co-host or leader who took the host controls over while the host was away; cleared when the host is back. */
  actingHostPlayerId: z.uuid().nullable().optional(),
  /**
   * The storyline case this game plays (who the killer is), chosen at creation. A secret like the killer: no
   * view carries it before the results. Absent for games created before cases existed (their storyline's first case).
   */
  caseId: z.string().optional(),
});
export type TLiveGame = z.infer<typeof ZLiveGame>;

export const ZSeatLock = z.object({ pinHash: z.string().nullable(), wrongPins: z.number().int() });
export type TSeatLock = z.infer<typeof ZSeatLock>;
export const ZRejoinRequestState = z.object({
  requestId: z.uuid(),
  playerId: z.uuid(),
  /** Hash of the secret the asking phone holds: only that phone can collect the seat. */
  claimHash: z.string(),
  requestedAt: z.number().int(),
  status: z.enum(['pending', 'approved', 'denied', 'claimed']),
  /** The seat's token generation the approval created; the claim is void once the seat moved again. */
  grantedVersion: z.number().int().nullable(),
});
export type TRejoinRequestState = z.infer<typeof ZRejoinRequestState>;
export const ZSeatMoveState = z.object({ ticketHash: z.string(), playerId: z.uuid(), expiresAt: z.number().int() });

/**
 * The shared reveal after the game: the step the whole room is at, when it got there (ms) and who moved it. The
 * next automatic step's time follows from these (reveal.ts), so every instance and phone computes the same one.
 */
export const ZRevealState = z.object({
  step: z.number().int().min(0),
  at: z.number().int(),
  by: z.enum(['host', 'auto']),
});
export type TRevealState = z.infer<typeof ZRevealState>;

/** A guest who came with the room code after the start: watching, until the host deals them a seat. */
export const ZLateArrival = z.object({
  arrivalId: z.uuid(),
  displayName: z.string(),
  /** Hash of the secret the arriving phone holds: only that phone collects the seat. */
  claimHash: z.string(),
  arrivedAt: z.number().int(),
  status: z.enum(['watching', 'seated', 'claimed']),
  /** The seat dealt to the arrival, once seated. */
  playerId: z.uuid().nullable(),
});
export type TLateArrival = z.infer<typeof ZLateArrival>;

/** A hint card pushed to every phone: which one, when (ms), in which phase, by which seat of the host side. */
export const ZPushedHint = z.object({ hintId: z.string(), at: z.number().int(), phase: z.number().int(), byPlayerId: z.uuid().nullable() });
export type TPushedHint = z.infer<typeof ZPushedHint>;
/**
 * A seat's daily suspect-tracker vote (testing mode): whom it suspected at the end of a day, by character (and
 * the seat holding that character then). A seat has at most one per day: a new one replaces it.
 */
export const ZDailyTrackerVote = z.object({
  voterId: z.uuid(),
  day: z.number().int().min(1),
  suspectCharacterId: z.string(),
  suspectPlayerId: z.uuid().nullable(),
  at: z.string(),
});
export type TDailyTrackerVote = z.infer<typeof ZDailyTrackerVote>;

/** The game state (the live room, secrets included): what the engine decides on and the live store keeps. */
export const ZGameState = z.object({
  version: z.number().int(),
  game: ZLiveGame,
  /** Seats in seating (join) order; a removed seat leaves the list. */
  players: z.array(ZLivePlayer),
  suspectVoting: z.object({
    /** Voters in the order their ballots were counted. */
    voterIds: z.array(z.uuid()),
    /** Each voter's three suspects (secret until the game ends; only counts are ever shown). */
    ballots: z.record(z.string(), z.array(z.uuid())).default({}),
    tally: z.record(z.string(), z.number().int()),
    topSuspects: z.array(ZTopSuspect).nullable(),
  }),
  finalVoting: z.object({
    voterIds: z.array(z.uuid()),
    /** voter -> accused. */
    votes: z.record(z.string(), z.uuid()).default({}),
    tally: z.record(z.string(), z.number().int()),
  }),
  defence: ZDefenceTimer.nullable(),
  results: ZLiveResults.nullable(),
  // The seat fields below are optional so rooms stored before they existed still parse; absent means empty.
  /** Per seat: the hash of its PIN and the wrong tries since the last success (seats.ts). Never in a view. */
  seatLocks: z.record(z.string(), ZSeatLock).optional(),
  /** Rejoin requests by name, waiting for (or answered by) the host. */
  rejoinRequests: z.array(ZRejoinRequestState).optional(),
  /** One-time seat-move codes the host showed (hashes only). */
  seatMoves: z.array(ZSeatMoveState).optional(),
  /** The shared reveal, from the moment the game is completed. */
  reveal: ZRevealState.nullable().optional(),
  /** Late arrivals (watching or seated after the start). */
  lateArrivals: z.array(ZLateArrival).optional(),
  /** Hint cards the host pushed to every phone, in order (public: hints point at evidence, never at the killer). */
  hints: z.array(ZPushedHint).optional(),
  /** Daily tracker votes (testing mode), in the order they were last cast. Secret: who suspected whom. */
  dailyVotes: z.array(ZDailyTrackerVote).optional(),
});
export type TGameState = z.infer<typeof ZGameState>;

/** What the engine needs of a storyline version: its content and a lookup of its characters. */
export interface EngineStoryline {
  content: TStorylineContent;
  characters: ReadonlyMap<string, TContentCharacter>;
}

export const findPlayer = (s: TGameState, id: string | null | undefined) => (id ? s.players.find((p) => p.id === id) : undefined);
export const hostSeat = (s: TGameState) => s.players.find((p) => p.isHost);

/** A seat as it enters a game: no character or team unless given, its vote intact, its first session. */
export function newSeat(
  seat: Pick<TLivePlayer, 'id' | 'displayName' | 'joinedAt'> & Partial<Pick<TLivePlayer, 'userId' | 'isHost' | 'characterId' | 'team'>>,
): TLivePlayer {
  return {
    id: seat.id,
    displayName: seat.displayName,
    userId: seat.userId ?? null,
    isHost: seat.isHost ?? false,
    characterId: seat.characterId ?? null,
    team: seat.team ?? null,
    voteLost: false,
    voteLostReason: null,
    sessionVersion: 1,
    joinedAt: seat.joinedAt,
  };
}

/** What a game is given when it is created; the rest starts as every game does (setup, phase 0, nobody leading). */
export type NewGame = Pick<
  TLiveGame,
  'id' | 'joinCode' | 'title' | 'storylineId' | 'storylineVersion' | 'hostUserId' | 'isTestingMode' | 'feedbackMode' | 'characterLimit' | 'minPlayers' | 'expectedPlayers' | 'amountPaidCents' | 'createdAt'
> & { caseId?: string };

/** A game as it is created: in setup at phase 0, nobody leading, not started, completed or deleted. */
export function newGame(g: NewGame): TLiveGame {
  return {
    id: g.id,
    joinCode: g.joinCode,
    title: g.title,
    storylineId: g.storylineId,
    storylineVersion: g.storylineVersion,
    hostUserId: g.hostUserId,
    status: 'setup',
    currentPhase: 0,
    isTestingMode: g.isTestingMode,
    feedbackMode: g.feedbackMode,
    characterLimit: g.characterLimit,
    minPlayers: g.minPlayers,
    expectedPlayers: g.expectedPlayers,
    leaderPlayerId: null,
    amountPaidCents: g.amountPaidCents,
    createdAt: g.createdAt,
    startedAt: null,
    completedAt: null,
    deletedAt: null,
    ...(g.caseId === undefined ? {} : { caseId: g.caseId }),
  };
}
