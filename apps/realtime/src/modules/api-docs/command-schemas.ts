import type { FastifySchema } from 'fastify';
import { ZGameParams, answerSchema, bodySchema, entryWho, paramsSchema, COMMON_REFUSALS, type CommandEntry, type Who } from '@ss/protocol';

const WHO_NOTE: Record<Who, string> = {
  host: "the game's host",
  driver: 'the host, the co-host or the player who took the host controls over',
  seat: 'any seat of the game (the host plays a seat too)',
  system: 'the server itself',
  guest: 'anyone (no token)',
};

/** The route schema of a game command, from its command table entry: path and body (validated), answer, socket twin, refusals (documented). */
export function commandRouteSchema(entry: CommandEntry): FastifySchema {
  return {
    summary: entry.summary,
    tags: [entry.tag],
    description: `Sent by ${entryWho(entry).map((w) => WHO_NOTE[w]).join(', or ')}.`,
    ...(entry.socket ? { 'x-socket-event': entry.socket } : {}),
    'x-refusals': [...COMMON_REFUSALS, ...entry.refusals],
    params: paramsSchema(entry, ZGameParams),
    ...(entry.rest.method === 'DELETE' ? {} : { body: bodySchema(entry) }),
    response: { [entry.rest.status ?? 200]: answerSchema(entry) },
  };
}
