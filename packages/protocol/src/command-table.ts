import { z } from 'zod';
import { ZOk } from './common.js';
import { ZAssignCharacterRequest, ZCommandResponse, ZPatchGameRequest, ZUnassignCharacterRequest, type TPatchGameRequest } from './games.js';
import { SEAT_MOVE_TTL_MS, ZRejoinDecisionRequest, ZSeatMoveTicket } from './seats.js';
import { ZDealCastRequest, ZEndDefenceRequest, ZSetCoHostRequest, ZStartDefenceRequest } from './table.js';
import { ZAdvanceRevealRequest, ZSeatLateArrivalRequest, ZTakeOverRequest } from './table-live.js';
import { ZPushHintRequest } from './host-kit.js';
import { ZDailyVote, ZDailyVoteRequest, ZFinalVoteRequest, ZRemoveVoteRequest, ZSuspectVotesRequest } from './voting.js';
import { COMMANDS, type TGameCommand, type TGameCommandType } from './engine/commands/index.js';
import type { Who } from './engine/command.js';
import { Refusal, type RefusalCode } from './engine/refusals.js';
import type { TGameState } from './engine/state.js';

/**
 * The one command table: every game command a caller sends, declared once. From an entry the server builds its
 * REST route, its socket handler and its OpenAPI operation, and the web client its typed call. Who may send it is
 * the engine's `who` of the commands it sends (read from the engine registry, not repeated here).
 *
 * Commands a guest sends (join, rejoin, claims, watch) are not here: their answers carry a fresh seat token or PIN
 * and their doors are rate-limited guessing doors, so they stay services of their own modules.
 */

/** Values only the server may draw (ids, the clock, secrets whose hash enters the log). */
export interface CommandDraws {
  uuid(): string;
  now(): number;
  /** A fresh secret and its hash for `purpose`, keyed by the game (only the hash enters the log). */
  secret(purpose: 'move'): { value: string; hash: string };
}

/** What a command answers over REST: the new public view, `{ success: true }`, or a reply of its own. */
export type CommandAnswer = 'view' | 'ok' | z.ZodType;

export interface CommandEntry<I extends z.ZodType = z.ZodType, A extends CommandAnswer = CommandAnswer, S extends string | null = string | null> {
  /** The engine commands this entry may send (`who` may send it is theirs). */
  commands: readonly TGameCommandType[];
  summary: string;
  tag: 'games' | 'voting' | 'seats' | 'table';
  /** The payload: the REST body plus the path parameters besides the game id. The socket payload adds `gameId`. */
  input: I;
  rest: {
    method: 'POST' | 'PATCH' | 'DELETE';
    /** Fastify path; `:id` is the game, any other `:name` is the input field of that name. */
    path: string;
    /** Success status (default 200). */
    status?: number;
  };
  /** The socket event of this command (acked `{ ok, data: null }`), or null for REST only. */
  socket: S;
  answer: A;
  /** Refusal codes the engine may answer besides the ones every command may (see COMMON_REFUSALS). */
  refusals: readonly RefusalCode[];
  /**
   * For an answer of its own read from the game's state after the command (not drawn by `build`): the reply, or
   * null when the state holds none (a 404 with `missing`).
   */
  answerFrom?: { reply(state: TGameState, input: z.infer<I>): (A extends z.ZodType ? z.infer<A> : never) | null; missing: string };
  /** The engine command for the input (and the reply, for an answer of its own). */
  build(input: z.infer<I> & { gameId: string }, draw: CommandDraws): { command: TGameCommand; reply?: A extends z.ZodType ? z.infer<A> : never };
}

/** Keeps an entry's types (input, answer) while checking it against CommandEntry. */
export const commandEntry = <I extends z.ZodType, A extends CommandAnswer, const S extends string | null>(e: CommandEntry<I, A, S>): CommandEntry<I, A, S> => e;

/** Every command may be refused for these: the sender is not who it needs, or the game is gone. */
export const COMMON_REFUSALS: readonly RefusalCode[] = [Refusal.NOT_HOST, Refusal.NOT_A_PLAYER, Refusal.GAME_DELETED];

const cmd = <C extends TGameCommand>(command: C) => ({ command });

/** An engine command of the given type, without its `type`. */
type CommandFields<T extends TGameCommandType> = Omit<Extract<TGameCommand, { type: T }>, 'type'>;

/**
 * The entry most commands are: one engine command, sent by POST (or its socket event) and answered with the new
 * public view. `build` gives the command's fields; the type is the entry's.
 */
const postForView = <T extends TGameCommandType, I extends z.ZodType, const S extends string>(
  type: T,
  e: Pick<CommandEntry<I, 'view', S>, 'summary' | 'tag' | 'input' | 'socket' | 'refusals'> & {
    path: string;
    build(input: z.infer<I> & { gameId: string }, draw: CommandDraws): CommandFields<T>;
  },
): CommandEntry<I, 'view', S> => ({
  commands: [type],
  summary: e.summary,
  tag: e.tag,
  input: e.input,
  rest: { method: 'POST', path: e.path },
  socket: e.socket,
  answer: 'view',
  refusals: e.refusals,
  build: (input, draw) => cmd({ type, ...e.build(input, draw) } as TGameCommand),
});

/** The PATCH /api/games/{id} actions, as engine commands. */
export function patchCommand(req: TPatchGameRequest): TGameCommand {
  switch (req.action) {
    case 'start':
      return { type: 'start_game' };
    case 'advance':
      return { type: 'advance_phase', fromPhase: req.fromPhase };
    case 'back':
      return { type: 'back_phase', fromPhase: req.fromPhase };
    case 'set-phase':
      return { type: 'set_phase', phase: req.phase, ...(req.fromPhase === undefined ? {} : { fromPhase: req.fromPhase }) };
    case 'set-leader':
      return { type: 'set_leader', playerId: req.playerId };
    case 'start-defence':
      return { type: 'start_defence', suspectPlayerId: req.suspectPlayerId };
    case 'set-expected-players':
      return { type: 'set_expected_players', expectedPlayers: req.expectedPlayers };
    case 'set-feedback-mode':
      return { type: 'set_feedback_mode', enabled: req.enabled };
    case 'set-tv-names':
      return { type: 'set_tv_names', tvNames: req.tvNames };
  }
}

export const COMMAND_TABLE = {
  patch_game: commandEntry({
    commands: ['start_game', 'advance_phase', 'back_phase', 'set_phase', 'set_leader', 'start_defence', 'set_expected_players', 'set_feedback_mode', 'set_tv_names'],
    summary: 'Host actions: start, advance, back, set-phase, set-leader, start-defence, set-expected-players, set-feedback-mode, set-tv-names',
    tag: 'games',
    input: ZPatchGameRequest,
    rest: { method: 'PATCH', path: '/api/games/:id' },
    socket: 'game:patch',
    answer: 'view',
    refusals: [
      Refusal.GAME_STARTED, Refusal.GAME_NOT_IN_PROGRESS, Refusal.GAME_OVER, Refusal.PHASE_STALE, Refusal.PHASE_OUT_OF_RANGE, Refusal.VOTES_CAST,
      Refusal.NOT_ENOUGH_PLAYERS, Refusal.UNASSIGNED_PLAYERS, Refusal.CORE_CAST_MISSING, Refusal.STORYLINE_NOT_PLAYABLE, Refusal.PLAYER_NOT_FOUND,
      Refusal.TOO_MANY_PLAYERS, Refusal.WRONG_PHASE, Refusal.NOT_TOP_SUSPECT,
    ],
    build: (i) => cmd(patchCommand(i)),
  }),
  delete_game: commandEntry({
    commands: ['delete_game'],
    summary: 'Delete a game (host)',
    tag: 'games',
    input: z.object({}),
    rest: { method: 'DELETE', path: '/api/games/:id' },
    socket: null,
    answer: 'ok',
    refusals: [],
    build: () => cmd({ type: 'delete_game' }),
  }),
  remove_player: commandEntry({
    commands: ['remove_player'],
    summary: 'Remove a player before the start (host)',
    tag: 'games',
    input: z.object({ playerId: z.uuid() }),
    rest: { method: 'DELETE', path: '/api/games/:id/players/:playerId' },
    socket: null,
    answer: 'view',
    refusals: [Refusal.GAME_STARTED, Refusal.HOST_SEAT, Refusal.PLAYER_NOT_FOUND],
    build: (i) => cmd({ type: 'remove_player', playerId: i.playerId }),
  }),
  assign_character: postForView('assign_character', {
    summary: 'Host assigns a character to a seat',
    tag: 'games',
    input: ZAssignCharacterRequest,
    path: '/api/games/:id/assign-character',
    socket: 'character:assign',
    refusals: [Refusal.GAME_STARTED, Refusal.PLAYER_NOT_FOUND, Refusal.CHARACTER_NOT_AVAILABLE, Refusal.CHARACTER_TAKEN],
    build: (i) => ({ playerId: i.playerId, characterId: i.characterId }),
  }),
  unassign_character: postForView('unassign_character', {
    summary: "Host takes a seat's character back",
    tag: 'games',
    input: ZUnassignCharacterRequest,
    path: '/api/games/:id/unassign-character',
    socket: 'character:unassign',
    refusals: [Refusal.GAME_STARTED, Refusal.PLAYER_NOT_FOUND],
    build: (i) => ({ playerId: i.playerId }),
  }),
  remove_vote: postForView('remove_vote', {
    summary: "Detective removes a player's vote (suspect vote phase)",
    tag: 'voting',
    input: ZRemoveVoteRequest,
    path: '/api/games/:id/remove-vote',
    socket: 'vote:remove',
    refusals: [Refusal.NOT_DETECTIVE, Refusal.PLAYER_NOT_FOUND, Refusal.SELF_TARGET, Refusal.VOTE_ALREADY_REMOVED, Refusal.WRONG_PHASE],
    build: (i) => ({ playerId: i.playerId }),
  }),
  cast_suspect_ballot: commandEntry({
    commands: ['cast_suspect_ballot'],
    summary: 'Rank 3 suspects (3, 2, 1 points)',
    tag: 'voting',
    input: ZSuspectVotesRequest,
    rest: { method: 'POST', path: '/api/games/:id/suspect-votes' },
    socket: 'vote:suspects',
    // A small acknowledgement, like the final vote's: a burst of ballots is answered without the game view (the
    // ballot reaches every phone, the voter's too, as the room's push).
    answer: 'ok',
    refusals: [Refusal.ALREADY_VOTED, Refusal.BAD_BALLOT, Refusal.SELF_TARGET, Refusal.VOTE_LOST, Refusal.VOTING_CLOSED, Refusal.WRONG_PHASE],
    build: (i) => cmd({ type: 'cast_suspect_ballot', suspects: i.suspects }),
  }),
  cast_final_vote: commandEntry({
    commands: ['cast_final_vote'],
    summary: 'Final vote for the killer among the top 3',
    tag: 'voting',
    input: ZFinalVoteRequest,
    rest: { method: 'POST', path: '/api/games/:id/votes', status: 201 },
    socket: 'vote:final',
    answer: 'ok',
    refusals: [Refusal.ALREADY_VOTED, Refusal.BAD_BALLOT, Refusal.GAME_OVER, Refusal.SELF_TARGET, Refusal.VOTE_LOST, Refusal.WRONG_PHASE],
    build: (i) => cmd({ type: 'cast_final_vote', suspectId: i.suspectId }),
  }),
  cast_daily_vote: commandEntry({
    commands: ['cast_daily_vote'],
    summary: "Testing mode: a seat's daily suspicion for a day (its own seat only)",
    tag: 'voting',
    input: ZDailyVoteRequest,
    rest: { method: 'POST', path: '/api/games/:id/daily-vote', status: 201 },
    socket: null,
    answer: ZDailyVote,
    refusals: [
      Refusal.NOT_TESTING_MODE, Refusal.NOT_OWN_SEAT, Refusal.GAME_NOT_IN_PROGRESS, Refusal.DAY_OUT_OF_RANGE, Refusal.WRONG_PHASE,
      Refusal.BAD_BALLOT, Refusal.SELF_TARGET,
    ],
    build: (i) => cmd({ type: 'cast_daily_vote', voterId: i.gamePlayerId, day: i.day, suspectCharacterId: i.suspectCharacterId }),
    // The answer is the vote as the log now holds it.
    answerFrom: {
      reply: (state, i) => {
        const vote = state.dailyVotes?.find((v) => v.voterId === i.gamePlayerId && v.day === i.day);
        return vote ? { gamePlayerId: vote.voterId, day: vote.day, suspectCharacterId: vote.suspectCharacterId, suspectGpId: vote.suspectPlayerId, createdAt: vote.at } : null;
      },
      missing: 'No daily vote for this day yet',
    },
  }),
  answer_rejoin: postForView('answer_rejoin', {
    summary: 'Host or co-host approves or refuses a rejoin request',
    tag: 'seats',
    input: ZRejoinDecisionRequest,
    path: '/api/games/:id/rejoin-requests',
    socket: 'seat:answer',
    refusals: [Refusal.REQUEST_NOT_FOUND, Refusal.PLAYER_NOT_FOUND],
    build: (i) => ({ requestId: i.requestId, approve: i.approve }),
  }),
  issue_seat_move: commandEntry({
    commands: ['issue_seat_move'],
    summary: 'Host: a one-time code (QR) that moves a seat to a new phone',
    tag: 'seats',
    input: z.object({ playerId: z.uuid() }),
    rest: { method: 'POST', path: '/api/games/:id/players/:playerId/move-ticket' },
    socket: null,
    answer: ZSeatMoveTicket,
    refusals: [Refusal.HOST_SEAT, Refusal.PLAYER_NOT_FOUND],
    build: (i, draw) => {
      // The ticket itself goes back to the host once; the log keeps only its hash.
      const ticket = draw.secret('move');
      const expiresAt = draw.now() + SEAT_MOVE_TTL_MS;
      return {
        command: { type: 'issue_seat_move', playerId: i.playerId, ticketHash: ticket.hash, expiresAt },
        reply: { playerId: i.playerId, ticket: ticket.value, path: `/move-seat#g=${i.gameId}&t=${ticket.value}`, expiresAt },
      };
    },
  }),
  set_co_host: postForView('set_co_host', {
    summary: 'Host names (or clears) the co-host',
    tag: 'table',
    input: ZSetCoHostRequest,
    path: '/api/games/:id/co-host',
    socket: 'table:co-host',
    refusals: [Refusal.GAME_OVER, Refusal.HOST_SEAT, Refusal.PLAYER_NOT_FOUND],
    build: (i) => ({ playerId: i.playerId }),
  }),
  start_defence: postForView('start_defence', {
    summary: "Host or co-host starts a suspect's defence",
    tag: 'table',
    input: ZStartDefenceRequest,
    path: '/api/games/:id/defences',
    socket: 'table:defence',
    refusals: [Refusal.NOT_TOP_SUSPECT, Refusal.WRONG_PHASE],
    build: (i) => ({ suspectPlayerId: i.suspectPlayerId }),
  }),
  stop_defence: postForView('stop_defence', {
    summary: 'Host or co-host ends the running defence',
    tag: 'table',
    input: ZEndDefenceRequest,
    path: '/api/games/:id/defences/end',
    socket: 'table:defence-end',
    refusals: [Refusal.WRONG_PHASE],
    build: () => ({}),
  }),
  deal_cast: postForView('deal_cast', {
    summary: 'Deal characters at random to the seats without one (essential characters first)',
    tag: 'table',
    input: ZDealCastRequest,
    path: '/api/games/:id/deal',
    socket: 'table:deal',
    refusals: [Refusal.GAME_STARTED, Refusal.NO_FREE_CHARACTERS],
    // The seed is drawn once here; the engine records the deal it gives, so the log replays without it.
    build: (_i, draw) => ({ seed: draw.uuid() }),
  }),
  seat_late_arrival: postForView('seat_late_arrival', {
    summary: 'Host deals a watching late arrival a character (until the end of Day 1, within the cast rules)',
    tag: 'table',
    input: z.object({ arrivalId: z.uuid(), ...ZSeatLateArrivalRequest.shape }),
    path: '/api/games/:id/late-arrivals/:arrivalId/seat',
    socket: 'table:seat-late',
    refusals: [
      Refusal.CHARACTER_NOT_AVAILABLE, Refusal.CHARACTER_TAKEN, Refusal.GAME_FULL, Refusal.GAME_NOT_IN_PROGRESS, Refusal.GAME_OVER,
      Refusal.LATE_SEATING_CLOSED, Refusal.REQUEST_NOT_FOUND, Refusal.TOO_MANY_PLAYERS,
    ],
    // The new seat's id is drawn here.
    build: (i, draw) => ({ arrivalId: i.arrivalId, characterId: i.characterId, playerId: draw.uuid() }),
  }),
  advance_reveal: postForView('advance_reveal', {
    summary: "Host or co-host moves the room's shared reveal; any seat may ask for an automatic step once it is due",
    tag: 'table',
    input: ZAdvanceRevealRequest,
    path: '/api/games/:id/reveal',
    socket: 'table:reveal',
    refusals: [Refusal.GAME_NOT_COMPLETED, Refusal.REVEAL_NOT_DUE],
    build: (i) => ({ toStep: i.toStep }),
  }),
  take_over_host: postForView('take_over_host', {
    summary: 'The co-host (or the leader) takes the host controls over after the host has been away for a minute',
    tag: 'table',
    input: ZTakeOverRequest,
    path: '/api/games/:id/take-over',
    socket: 'table:take-over',
    refusals: [Refusal.GAME_NOT_IN_PROGRESS, Refusal.HOST_PRESENT],
    build: () => ({}),
  }),
  push_hint: postForView('push_hint', {
    summary: "Host, co-host or acting host pushes one of the storyline's hint cards to every phone (in play; a repeat changes nothing)",
    tag: 'table',
    input: ZPushHintRequest,
    path: '/api/games/:id/hints',
    socket: 'table:hint',
    refusals: [Refusal.GAME_NOT_IN_PROGRESS, Refusal.HINT_NOT_FOUND, Refusal.WRONG_PHASE],
    build: (i) => ({ hintId: i.hintId }),
  }),
} as const;

export type CommandTable = Record<string, CommandEntry>;
export type CommandName = keyof typeof COMMAND_TABLE;

const ZSocketGameRef = z.object({ gameId: z.uuid() });

/** The path parameters of an entry besides the game id (each an input field of the same name). */
export function pathParams(entry: Pick<CommandEntry, 'rest'>): string[] {
  return [...entry.rest.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] as string).filter((p) => p !== 'id');
}

/** The REST body schema: the input without its path parameters. */
export function bodySchema(entry: Pick<CommandEntry, 'rest' | 'input'>): z.ZodType {
  const params = pathParams(entry);
  if (params.length === 0) return entry.input;
  if (!(entry.input instanceof z.ZodObject)) throw new Error(`${entry.rest.path}: path parameters need an object input`);
  const mask: Record<string, true> = Object.fromEntries(params.map((p) => [p, true]));
  return (entry.input as z.ZodObject).omit(mask as never);
}

/** The path parameters' schema: the game id, then each named input field. */
export function paramsSchema(entry: Pick<CommandEntry, 'rest' | 'input'>, gameParams: z.ZodObject): z.ZodObject {
  const params = pathParams(entry);
  if (params.length === 0) return gameParams;
  const shape = (entry.input as z.ZodObject).shape as Record<string, z.ZodType>;
  return gameParams.extend(Object.fromEntries(params.map((p) => [p, shape[p] as z.ZodType])));
}

/** The socket payload schema: `gameId` plus the input. */
export function socketSchema<I extends z.ZodType>(entry: Pick<CommandEntry<I>, 'input'>): z.ZodType<z.infer<I> & { gameId: string }> {
  const input: z.ZodType = entry.input;
  return (input instanceof z.ZodObject ? ZSocketGameRef.extend(input.shape) : z.intersection(ZSocketGameRef, input)) as unknown as z.ZodType<z.infer<I> & { gameId: string }>;
}

/** The REST success body's schema. */
export function answerSchema(entry: Pick<CommandEntry, 'answer'>): z.ZodType {
  return entry.answer === 'view' ? ZCommandResponse : entry.answer === 'ok' ? ZOk : entry.answer;
}

/** Who may send an entry: the union of its engine commands' `who`. */
export function entryWho(entry: Pick<CommandEntry, 'commands'>): Who[] {
  return [...new Set(entry.commands.flatMap((c) => COMMANDS[c].who))];
}

/** The socket payload of each command event of the table (the socket twins of the REST routes). */
export type CommandSocketPayloads = {
  [K in CommandName as (typeof COMMAND_TABLE)[K]['socket'] & string]: z.infer<(typeof COMMAND_TABLE)[K]['input']> & { gameId: string };
};

/** Whether an entry's input carries a command id (a retried command with the same id applies once). */
export function takesCommandId(entry: Pick<CommandEntry, 'input'>): boolean {
  const input: z.ZodType = entry.input;
  if (input instanceof z.ZodObject) return 'commandId' in input.shape;
  if (input instanceof z.ZodDiscriminatedUnion) return input.options.every((o) => o instanceof z.ZodObject && 'commandId' in o.shape);
  return false;
}
