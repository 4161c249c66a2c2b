import { ZGameParams, answerSchema, bodySchema, entryWho, paramsSchema, COMMON_REFUSALS, type CommandTable, type Who } from '@ss/protocol';
import type { RouteSchema } from './route-schema.js';

const gameParams = ZGameParams.extend({ id: ZGameParams.shape.id.describe('Game id') });

const WHO_NOTE: Record<Who, string> = {
  host: "the game's host",
  driver: 'the host, the co-host or the player who took the host controls over',
  seat: 'any seat of the game (the host plays a seat too)',
  system: 'the server itself',
  guest: 'anyone (no token)',
};

/** The OpenAPI entries of the game commands, one per command table entry (its route, body, answer, refusals). */
export function commandRouteSchemas(table: CommandTable): Record<string, RouteSchema> {
  const out: Record<string, RouteSchema> = {};
  for (const entry of Object.values(table)) {
    const body = entry.rest.method === 'DELETE' ? undefined : bodySchema(entry);
    out[`${entry.rest.method} ${entry.rest.path}`] = {
      summary: entry.summary,
      tag: entry.tag,
      auth: 'any',
      access: `Sent by ${entryWho(entry).map((w) => WHO_NOTE[w]).join(', or ')}.`,
      socket: entry.socket,
      refusals: [...COMMON_REFUSALS, ...entry.refusals],
      params: paramsSchema(entry, gameParams),
      ...(body ? { body } : {}),
      ...(entry.rest.status ? { status: entry.rest.status } : {}),
      response: answerSchema(entry),
    };
  }
  return out;
}
