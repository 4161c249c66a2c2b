import { z } from 'zod';
import { ZCommandId, ZIsoDate } from './common.js';
import { ZDisplayName } from './auth.js';
import { ZServedMediaItem } from './content.js';
import { ZHintCard } from './host-kit.js';
import { ZDefenceTimer, ZGameStatus, ZLateArrival, ZLiveResults, ZRejoinRequestState, ZSeatIdentity, ZTeam, ZTopSuspect, ZTvNames } from './engine/state.js';
import { MAX_PHASE_NUMBER, ZPhaseRef } from './engine/phases.js';
import { JOIN_CODE_LENGTH } from './join-code.js';

export const ZJoinCode = z
  .string({ error: 'Room code is required' })
  .trim()
  .min(1, 'Room code is required')
  .max(JOIN_CODE_LENGTH, 'Room code is at most 6 characters')
  .transform((s) => s.toUpperCase());

// The live room (the engine's state) is declared in engine/state.ts.

// ---------- Public views (what every player of the game may see) ----------

export const ZCharacterSummary = z.object({
  id: z.string(),
  name: z.string(),
  profession: z.string(),
  imageUrl: z.string(),
  imageAlt: z.string(),
});
export type TCharacterSummary = z.infer<typeof ZCharacterSummary>;

/** A character's public sheet: what anyone may read of it (no team, secrets or killer flag). */
export const ZPublicCharacter = ZCharacterSummary.extend({
  role: z.string(),
  description: z.string(),
  gender: z.string(),
  age: z.number().int(),
  height: z.string(),
  appearance: z.string(),
});
export type TPublicCharacter = z.infer<typeof ZPublicCharacter>;

export const ZPublicPlayer = ZSeatIdentity.extend({
  character: ZCharacterSummary.nullable(),
  voteLost: z.boolean(),
  isLeader: z.boolean(),
});
export type TPublicPlayer = z.infer<typeof ZPublicPlayer>;

export const ZVoteProgress = z.object({
  submittedCount: z.number().int(),
  eligibleCount: z.number().int(),
  allVotesSubmitted: z.boolean(),
});

/**
 * What the caller may do in this game now, as the engine's rules say (who may send each command, the phase it is
 * bound to): screens show a control only when its capability is true. About the caller only, never another seat.
 */
export const ZCapabilities = z.object({
  /** Move phases, open Day One, answer rejoins, seat late arrivals (the host, the co-host or the acting host). */
  drivePhases: z.boolean(),
  /** Start or stop a top suspect's defence (a driver, in the final vote). */
  runDefence: z.boolean(),
  /** Move the shared reveal on at once rather than at its automatic pace (a driver). */
  stepReveal: z.boolean(),
  /** Push a hint card to every phone (a driver). */
  pushHint: z.boolean(),
  /** The host's own controls: assign and deal characters, start the game, settings. */
  assignCharacters: z.boolean(),
  startGame: z.boolean(),
  /** Remove a player from the game (the host). */
  removePlayers: z.boolean(),
  /** Name the co-host / the in-game leader (the host). */
  setCoHost: z.boolean(),
  setLeader: z.boolean(),
  /** Issue a code that moves a seat to another phone (the host). */
  moveSeats: z.boolean(),
  /** Cast a suspect ballot / a final vote now (a seat, in the phase that takes it). */
  castSuspectBallot: z.boolean(),
  castFinalVote: z.boolean(),
});
export type TCapabilities = z.infer<typeof ZCapabilities>;
/** No right at all (a caller who holds nothing in the game; test fixtures). */
export const NO_CAPABILITIES = Object.freeze(Object.fromEntries(Object.keys(ZCapabilities.shape).map((k) => [k, false]))) as Readonly<TCapabilities>;

/** The storyline's own names and dates for each of its days (each storyline has its own calendar and length). */
export const ZStorylineDays = z.array(z.object({ day: z.number().int(), name: z.string(), date: z.string() })).default([]);

/** What every view of a game opens with (the phone's and the table screen's): its revision, room code, title and where it stands. */
export const ZGameHeading = z.object({
  version: z.number().int(),
  joinCode: z.string(),
  title: z.string(),
  status: ZGameStatus,
  /** The phase's number in the storyline's phase table (for a 4-day storyline: 0 homepage, 1-4 days, 5, 6 the votes). */
  currentPhase: z.number().int(),
  /** The phase's key, kind and day: what a client picks its screen by (never by number), whatever the storyline's number of days. */
  phase: ZPhaseRef,
});

export const ZGameView = z.object({
  id: z.uuid(),
  ...ZGameHeading.shape,
  isTestingMode: z.boolean(),
  feedbackMode: z.boolean(),
  /** What the table screen shows of names (the host's setting). */
  tvNames: ZTvNames.default('first_names'),
  storylineId: z.string(),
  storyline: z.object({
    id: z.string(),
    title: z.string(),
    days: ZStorylineDays,
    /** Why the storyline needs at least minPlayers players, for the lobby. */
    minPlayersReason: z.string().default(''),
  }),
  createdAt: ZIsoDate,
  startedAt: ZIsoDate.nullable(),
  completedAt: ZIsoDate.nullable(),
  playerCount: z.number().int(),
  minPlayers: z.number().int(),
  characterLimit: z.number().int(),
  expectedPlayers: z.number().int().nullable(),
  leaderPlayerId: z.uuid().nullable(),
  hostPlayerId: z.uuid().nullable(),
  amountPaidCents: z.number().int(),
  players: z.array(ZPublicPlayer),
  suspectVoting: ZVoteProgress.extend({ topSuspects: z.array(ZTopSuspect).nullable() }),
  finalVoting: ZVoteProgress,
  defence: ZDefenceTimer.nullable(),
  /** Only once the game is completed. */
  results: ZLiveResults.nullable(),
  /** Only on REST reads: the caller's own player, when the caller is a player of this game. */
  currentPlayer: ZPublicPlayer.nullable().optional(),
  /** Only on REST reads: what the caller may do now (pushes carry it in the seat's own view). */
  capabilities: ZCapabilities.optional(),
  /** The player the host named co-host: they may drive phases and defences too. */
  coHostPlayerId: z.uuid().nullable().optional(),
  /** Rejoin requests waiting for the host's (or co-host's) one tap. */
  rejoinRequests: z.array(ZRejoinRequestState.pick({ requestId: true, playerId: true, requestedAt: true })).optional(),
  /**
   * The reveal the whole room shares once the game is completed: the step (0 verdict, 1 accused, 2 killer, 3 the
   * Shadows, 4 the case's story), when it was reached, and when the next automatic step is due (null at the end).
   * The accused is named from step 1; `results` (which name the killer) appear only from step 2.
   */
  reveal: z
    .object({
      step: z.number().int(),
      at: z.number().int(),
      nextAt: z.number().int().nullable(),
      accusedPlayerId: z.uuid().nullable(),
      /** From step 3 on: the seats of the Shadow team. */
      shadowPlayerIds: z.array(z.uuid()).nullable().default(null),
    })
    .nullable()
    .optional(),
  /** Guests who came after the start: watching, or seated by the host (no secret: names only). */
  lateArrivals: z.array(ZLateArrival.pick({ arrivalId: true, displayName: true, arrivedAt: true, status: true })).optional(),
  /** Characters the host may deal a late arrival now (none once seating closed after Day 1). */
  lateSeatCharacters: z.array(ZCharacterSummary).optional(),
  /** Since when (ms, server clock) the host has had no phone connected; null while connected. */
  hostAwaySince: z.number().int().nullable().optional(),
  /** Who took the host controls over while the host was away. */
  actingHostPlayerId: z.uuid().nullable().optional(),
  /** When the current phase began (ms, server clock); null when the log did not record it. */
  phaseStartedAt: z.number().int().nullable().optional(),
  /** Hint cards the host pushed to every phone, oldest first. */
  hints: z.array(ZHintCard).optional(),
});
export type TGameView = z.infer<typeof ZGameView>;


// ---------- Private views (only the owner) ----------

export const ZPrivateCharacter = z.object({
  id: z.string(),
  name: z.string(),
  role: z.string(),
  description: z.string(),
  profession: z.string(),
  age: z.number().int(),
  height: z.string(),
  gender: z.string(),
  appearance: z.string(),
  personality: z.string(),
  backstory: z.string(),
  relationships: z.string(),
  secrets: z.string(),
  motivation: z.string(),
  imageUrl: z.string(),
  imageAlt: z.string(),
  gameObjective: z.string(),
  specialInstructions: z.string(),
  gameplayTips: z.string(),
  storylineHomepage: z.string(),
  /** Only for the press-conference reader; null for everyone else. */
  pressConferenceHomepage: z.string().nullable(),
  isDetective: z.boolean(),
  isPressConferenceReader: z.boolean(),
  hasMemoryFlashes: z.boolean(),
  /** The player's own search-warrant finds, only once they are a top suspect. */
  searchWarrantEvidence: z.array(z.string()),
  searchWarrantMedia: z.array(ZServedMediaItem),
});
export type TPrivateCharacter = z.infer<typeof ZPrivateCharacter>;

/** A seat of the Shadow team as its members see it: the character and the player holding it. */
export const ZShadowTeammate = z.object({ characterId: z.string(), name: z.string(), playerName: z.string() });

/**
 * What a Shadow knows about their own team, on their own phone only: who the killer is and who the other Shadows
 * are. Null for Seekers (and for everyone before the game starts).
 */
export const ZShadowTeam = z.object({
  /** The caller holds the killer's character. */
  youAreTheKiller: z.boolean(),
  killer: ZShadowTeammate,
  /** The other Shadows (killer and the caller excluded). */
  shadows: z.array(ZShadowTeammate),
});
export type TShadowTeam = z.infer<typeof ZShadowTeam>;

export const ZMyCharacterResponse = z.object({
  hasAccess: z.boolean(),
  character: ZPrivateCharacter.nullable(),
  team: ZTeam.nullable(),
  /** Only for a Shadow, once the game has started. */
  shadowTeam: ZShadowTeam.nullable().optional(),
  gamePlayer: z.object({ id: z.uuid(), displayName: z.string(), voteLost: z.boolean(), isHost: z.boolean() }),
  /** What this seat may do now (its own rights only). */
  capabilities: ZCapabilities,
});
export type TMyCharacterResponse = z.infer<typeof ZMyCharacterResponse>;

// ---------- REST payloads ----------

/**
 * Creating a game. The case is chosen by `caseId` or by its public number (`caseNumber`, as GET
 * /api/storylines/{id}/cases lists them), or by neither: "Surprise me", a case this host has not finished a game
 * of yet, else any at random.
 */
export const ZCreateGameRequest = z
  .object({
    storylineId: z.string({ error: 'storylineId is required' }).min(1, 'storylineId is required').max(100),
    isTestingMode: z.boolean().optional().default(false),
    caseId: z.string().min(1, 'caseId cannot be empty').max(100).optional(),
    caseNumber: z.number().int().min(1, 'caseNumber starts at 1').max(100).optional(),
  })
  .refine((r) => r.caseId === undefined || r.caseNumber === undefined, { message: 'Give caseId or caseNumber, not both', path: ['caseNumber'] });
export const ZCreateGameResponse = z.object({ id: z.uuid(), joinCode: z.string() });

export const ZJoinRequest = z.object({ displayName: ZDisplayName });
export const ZJoinResponse = z.object({ token: z.string(), gameId: z.uuid(), playerId: z.uuid() });
export type TJoinResponse = z.infer<typeof ZJoinResponse>;

// Rejoin (by PIN or host approval) is declared in seats.ts.

// Any storyline's phase numbers parse; the engine refuses a number outside this game's table (PHASE_OUT_OF_RANGE).
const ZPhaseNumber = z
  .number({ error: `fromPhase must be the phase your screen shows (0-${MAX_PHASE_NUMBER})` })
  .int()
  .min(0)
  .max(MAX_PHASE_NUMBER);

export const ZPatchGameRequest = z.discriminatedUnion('action', [
  z.object({ action: z.literal('start'), commandId: ZCommandId }),
  /** `fromPhase`: the phase the host's screen shows; a stale or repeated request changes nothing. */
  z.object({ action: z.literal('advance'), fromPhase: ZPhaseNumber, commandId: ZCommandId }),
  z.object({ action: z.literal('back'), fromPhase: ZPhaseNumber, commandId: ZCommandId }),
  z.object({ action: z.literal('set-phase'), phase: ZPhaseNumber, fromPhase: ZPhaseNumber.optional(), commandId: ZCommandId }),
  z.object({ action: z.literal('set-leader'), playerId: z.uuid().nullable(), commandId: ZCommandId }),
  z.object({ action: z.literal('start-defence'), suspectPlayerId: z.uuid(), commandId: ZCommandId }),
  z.object({ action: z.literal('set-expected-players'), expectedPlayers: z.number().int().min(1).max(20), commandId: ZCommandId }),
  z.object({ action: z.literal('set-feedback-mode'), enabled: z.boolean(), commandId: ZCommandId }),
  z.object({ action: z.literal('set-tv-names'), tvNames: ZTvNames, commandId: ZCommandId }),
]);
export type TPatchGameRequest = z.infer<typeof ZPatchGameRequest>;

export const ZAssignCharacterRequest = z.object({ playerId: z.uuid(), characterId: z.string().min(1).max(100), commandId: ZCommandId });
export const ZUnassignCharacterRequest = z.object({ playerId: z.uuid(), commandId: ZCommandId });

/** Commands answer the new public view. */
export const ZCommandResponse = z.object({ success: z.literal(true), game: ZGameView });
export type TCommandResponse = z.infer<typeof ZCommandResponse>;

/**
 * A character on the host's assignment screen: public fields only (the host plays too, so no backstory or
 * relationships of other seats), plus whether the storyline needs it at every table size.
 */
export const ZCharacterCard = ZPublicCharacter.extend({
  /** Dealt at every player count: deal these first. */
  essential: z.boolean(),
  assignedPlayerId: z.uuid().nullable(),
});
export type TCharacterCard = z.infer<typeof ZCharacterCard>;

export const ZCharactersResponse = z.object({
  characters: z.array(ZCharacterCard),
  characterLimit: z.number().int(),
  totalAvailable: z.number().int(),
  effectiveLimit: z.number().int(),
});
export type TCharactersResponse = z.infer<typeof ZCharactersResponse>;

export const ZPlayersResponse = z.array(ZPublicPlayer.extend({ isOnline: z.boolean() }));

export const ZDashboardGame = z.object({
  id: z.uuid(),
  joinCode: z.string(),
  createdAt: ZIsoDate,
  status: ZGameStatus,
  currentPhase: z.number().int(),
  phase: ZPhaseRef,
  title: z.string(),
  storylineId: z.string(),
  playerCount: z.number().int(),
  isTestingMode: z.boolean(),
  /** The case a completed game played (null while the game runs: the case is a secret until the results). */
  caseTitle: z.string().nullable(),
});
export const ZDashboardGames = z.array(ZDashboardGame);
export type TDashboardGame = z.infer<typeof ZDashboardGame>;
