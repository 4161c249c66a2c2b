import type { z } from 'zod';
import { COMMAND_TABLE, answerSchema, pathParams, takesCommandId, type CommandName, type TCommandResponse, type TOk } from '@ss/protocol';
import { api } from './api';
import { useGameRoom } from '../store/gameRoom';

type Entry<N extends CommandName> = (typeof COMMAND_TABLE)[N];
/** What the caller fills in: the command table entry's input (a command id is added when left out). */
export type CommandInput<N extends CommandName> = z.input<Entry<N>['input']>;
/** What the command answers over REST, as its entry declares. */
export type CommandReply<N extends CommandName> = Entry<N>['answer'] extends 'view'
  ? TCommandResponse
  : Entry<N>['answer'] extends 'ok'
    ? TOk
    : Entry<N>['answer'] extends z.ZodType
      ? z.infer<Entry<N>['answer']>
      : never;

/** A command id makes a retried command apply once. */
export function commandId(): string {
  return crypto.randomUUID();
}

/**
 * Sends a game command as the command table declares it: its method and path (path parameters from the input),
 * the rest of the input as the body, the answer parsed with its schema. A command answering the new public view
 * applies it at once (the push follows with the same version).
 */
export async function sendCommand<N extends CommandName>(name: N, gameId: string, input: CommandInput<N>): Promise<CommandReply<N>> {
  const entry = COMMAND_TABLE[name];
  const fields: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  if (takesCommandId(entry) && fields.commandId === undefined) fields.commandId = commandId();
  let path = entry.rest.path.replace(':id', encodeURIComponent(gameId));
  for (const p of pathParams(entry)) {
    path = path.replace(`:${p}`, encodeURIComponent(String(fields[p])));
    delete fields[p];
  }
  const schema = answerSchema(entry);
  const body = entry.rest.method === 'DELETE' ? undefined : fields;
  const send = entry.rest.method === 'PATCH' ? api.patch : entry.rest.method === 'DELETE' ? api.delete : api.post;
  const reply = (await send(path, body, schema)) as CommandReply<N>;
  if (entry.answer === 'view') useGameRoom.getState().applyGame((reply as TCommandResponse).game);
  return reply;
}
