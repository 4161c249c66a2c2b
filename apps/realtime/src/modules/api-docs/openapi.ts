import { z } from 'zod';
import { ZApiError } from '@ss/protocol';
import type { Access } from '../../plugins/auth-door.js';
import { POLLED_ROUTES } from '../polling/conditional-get.js';
import type { RouteDoc } from './route-docs.js';

type JsonSchema = Record<string, unknown>;

/** zod → JSON Schema 2020-12 (OpenAPI 3.1's dialect); requests as accepted (input), responses as sent (output). */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete out.$schema;
  return out;
}

const isZod = (value: unknown): value is z.ZodType => value instanceof z.ZodType;

const AUTH_NOTE: Record<Access | 'none', string> = {
  none: 'No token.',
  public: 'No token needed; a valid token is read (e.g. an admin sees more).',
  token: "A host's sign-in token or a player's seat token; access is checked against the game.",
  user: "A host's sign-in token.",
  admin: "An admin's sign-in token (the role is read from the database).",
  'game-member': "A token of someone this game knows: its host, one of its seats, or an admin.",
  'game-seat': 'A seat token of this game (or the host, for their own seat).',
  'game-host': "The game's host's sign-in token, or an admin's.",
  'game-driver': 'The token of whoever drives the game now: the host, the co-host or the acting host.',
  'game-command': "A host's sign-in token or a player's seat token; who may send the command is the engine's rule, on the game's state.",
};

function parameters(route: RouteDoc, conditional: boolean): JsonSchema[] {
  const out: JsonSchema[] = [];
  for (const [where, obj] of [['path', route.schema?.params], ['query', route.schema?.querystring]] as const) {
    if (!(obj instanceof z.ZodObject)) continue;
    for (const [name, field] of Object.entries(obj.shape as Record<string, z.ZodType>)) {
      const optional = field.safeParse(undefined).success;
      out.push({ name, in: where, required: where === 'path' || !optional, schema: jsonSchema(field, 'input') });
    }
  }
  if (conditional) {
    out.push({ name: 'If-None-Match', in: 'header', required: false, schema: { type: 'string' }, description: 'An ETag from an earlier answer: 304 with no body if nothing the caller sees changed' });
  }
  return out;
}

/** A response entry of a route schema: a zod schema (a JSON answer) or `{ description?, content: { type: { schema } } }`. */
function responseObject(entry: unknown): JsonSchema {
  if (isZod(entry)) return { description: 'Success', content: { 'application/json': { schema: jsonSchema(entry, 'output') } } };
  const { description, content } = entry as { description?: string; content: Record<string, { schema: z.ZodType }> };
  return {
    description: description ?? 'Success',
    content: Object.fromEntries(Object.entries(content).map(([type, { schema }]) => [type, { schema: jsonSchema(schema, 'output') }])),
  };
}

function operation(route: RouteDoc): JsonSchema {
  const schema = route.schema ?? {};
  const conditional = route.method === 'GET' && (POLLED_ROUTES as readonly string[]).includes(route.url);
  const responses: Record<string, JsonSchema> = {};
  for (const [status, entry] of Object.entries((schema.response ?? {}) as Record<string, unknown>)) responses[status] = responseObject(entry);
  if (Object.keys(responses).length === 0) responses['200'] = { description: 'Success' };
  if (conditional) {
    for (const ok of Object.values(responses)) ok.headers = { ETag: { schema: { type: 'string' }, description: 'Tag of this view of the room version' } };
    responses['304'] = { description: 'Not modified (matching If-None-Match, or a long poll that ran out)' };
  }
  if (schema.params || schema.querystring || schema.body) responses['400'] = { $ref: '#/components/responses/Error' };
  const guarded = route.access !== undefined && route.access !== 'public';
  if (guarded) {
    responses['401'] = { $ref: '#/components/responses/Error' };
    responses['403'] = { $ref: '#/components/responses/Error' };
  }
  const socket = schema['x-socket-event'];
  const refusals = schema['x-refusals'];
  const op: JsonSchema = {
    operationId: `${route.method} ${route.url}`.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, ''),
    summary: schema.summary ?? '',
    description: [
      schema.security ? undefined : AUTH_NOTE[route.access ?? 'none'],
      schema.description,
      socket ? `Socket twin: \`${socket}\` (same payload plus \`gameId\`).` : undefined,
      refusals?.length ? `Refusal reasons: ${refusals.join(', ')}.` : undefined,
    ]
      .filter(Boolean)
      .join(' '),
    tags: [...(schema.tags ?? [])],
    parameters: parameters(route, conditional),
    responses,
  };
  if (socket) op['x-socket-event'] = socket;
  if (refusals) op['x-refusals'] = refusals;
  if (schema.security) op.security = schema.security;
  else if (route.access && route.access !== 'public') op.security = [{ bearer: [] }];
  else if (route.access === 'public') op.security = [{}, { bearer: [] }];
  if (isZod(schema.body)) op.requestBody = { required: !schema.body.safeParse({}).success, content: { 'application/json': { schema: jsonSchema(schema.body, 'input') } } };
  return op;
}

/** `/api/games/:id` → `/api/games/{id}` */
export const openApiPath = (fastifyPath: string) => fastifyPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** The OpenAPI 3.1 document of the REST API, built from the served routes' own schemas. */
export function buildOpenApiDocument(opts: { serverUrl?: string | undefined; routes: readonly RouteDoc[] }): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of opts.routes) (paths[openApiPath(route.url)] ??= {})[route.method.toLowerCase()] = operation(route);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Seekers & Shadows API',
      version: '1.0.0',
      description:
        'REST API of the game server. Phones normally follow a game over Socket.IO; clients that cannot hold a socket poll the reads marked ETag (cheap: 304 when nothing changed) or long-poll `GET /api/games/{id}?waitForVersion=N`. Errors share one body: `{ error, message }`.',
    },
    ...(opts.serverUrl ? { servers: [{ url: opts.serverUrl }] } : {}),
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { ApiError: jsonSchema(ZApiError, 'output') },
      responses: { Error: { description: 'Refused; nothing changed', content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } } } },
    },
  };
}
