import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io';
import { socketSchema, type CommandDraws, type CommandEntry, type CommandTable } from '@ss/protocol';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { IO } from '../../plugins/socket.js';
import { notFound } from '../../lib/app-error.js';
import type { Principal } from '../auth/principal.js';
import { principalOf } from '../../plugins/auth-door.js';
import { newSecret, seatHashes } from '../seats/seat-secrets.js';
import { runGameCommand } from '../game-runtime/command.js';
import { handle, type GameSocket } from './games.socket.js';
import { viewOf } from './games.service.js';
import { replyJson, sharedReply } from '../../plugins/shared-replies.js';
import { commandRouteSchema } from '../api-docs/command-schemas.js';
import type { TCommandResponse, TGameState, TGameView } from '@ss/protocol';

/**
 * The server side of the command table: each entry becomes one REST route and (if it names one) one socket event,
 * both running the same `runTableCommand` below through `runGameCommand`. Nothing here knows a command by name.
 */

function draws(ctx: AppContext, gameId: string): CommandDraws {
  return {
    uuid: randomUUID,
    now: Date.now,
    secret: (purpose) => {
      const value = newSecret();
      const hashes = seatHashes(ctx.config.JWT_SECRET, gameId);
      return { value, hash: purpose === 'move' ? hashes.move(value) : value };
    },
  };
}

// One answer per version: the commands of one commit (a burst of ballots) share it, and its JSON is written once.
const answers = new WeakMap<TGameView, TCommandResponse>();
function commandAnswer(game: TGameView): TCommandResponse {
  let answer = answers.get(game);
  if (!answer) {
    const a: TCommandResponse = { success: true, game };
    answers.set(game, (answer = sharedReply(a, () => `{"success":true,"game":${replyJson(game)}}`)));
  }
  return answer;
}

/** Builds the entry's engine command and runs it as the caller; answers the game's state right after it. */
async function runTableCommand(ctx: AppContext, entry: CommandEntry, principal: Principal, input: Record<string, unknown> & { gameId: string }) {
  const { command, reply } = entry.build(input, draws(ctx, input.gameId));
  const commandId = typeof input.commandId === 'string' ? input.commandId : undefined;
  return { room: await runGameCommand(ctx, input.gameId, command, principal, commandId), reply };
}

/** What the entry answers over REST (a socket's ack carries none of it, so it is built for REST callers only). */
async function restAnswer(ctx: AppContext, entry: CommandEntry, input: Record<string, unknown>, room: TGameState, reply: unknown): Promise<unknown> {
  if (entry.answer === 'view') return commandAnswer(await viewOf(ctx, room));
  if (entry.answer === 'ok') return OK;
  if (entry.answerFrom) {
    const from = entry.answerFrom.reply(room, input);
    if (from === null) throw notFound(entry.answerFrom.missing);
    return from;
  }
  return reply;
}

/** `{ success: true }`, written once. */
const OK = sharedReply({ success: true } as const);

/**
 * One REST route per entry: the caller's token (the auth door), then its path parameters and body, validated by
 * the route schema built from the entry (a 400 changes nothing; a body whose fields are all optional may be left
 * out altogether).
 */
export function registerCommandRoutes(app: FastifyInstance, ctx: AppContext, table: CommandTable): void {
  for (const entry of Object.values(table)) {
    const hasBody = entry.rest.method !== 'DELETE';
    app.route({
      method: entry.rest.method,
      url: entry.rest.path,
      schema: commandRouteSchema(entry),
      // Who may send it is the engine command's `who`, checked on the state the command is decided on.
      config: { access: 'game-command' },
      handler: async (req, res) => {
        const { id, ...fromPath } = req.params as { id: string } & Record<string, unknown>;
        const principal = principalOf(req);
        const fromBody = hasBody ? (req.body as Record<string, unknown>) : {};
        const input = { ...fromBody, ...fromPath, gameId: id };
        const { room, reply } = await runTableCommand(ctx, entry, principal, input);
        return res.status(entry.rest.status ?? 200).send(await restAnswer(ctx, entry, input, room, reply));
      },
    });
  }
}

/** The socket twin of each entry that names an event: same input (plus `gameId`), acked `{ ok, data: null }`. */
export function registerCommandSockets(ctx: AppContext, io: IO, table: CommandTable): void {
  // One listener per event for the whole server, each socket holding references to them.
  const listeners = Object.values(table).flatMap((entry) => {
    if (!entry.socket) return [];
    const listener = handle(ctx, socketSchema(entry), (socket, input) =>
      runTableCommand(ctx, entry, socket.data.principal, input as Record<string, unknown> & { gameId: string }).then(() => null),
    );
    return [[entry.socket, listener] as const];
  });
  io.on('connection', (socket: GameSocket) => {
    // The table's events are typed by the protocol (ClientToServerEvents); here they are registered by name.
    const on = (socket as unknown as Socket).on.bind(socket);
    for (const [event, listener] of listeners) on(event, listener);
  });
}
