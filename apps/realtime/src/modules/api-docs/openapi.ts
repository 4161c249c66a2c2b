import { z } from 'zod';
import { ZApiError } from '@ss/protocol';
import { ROUTE_SCHEMAS, type RouteAuth, type RouteSchema } from './route-schemas.js';

type JsonSchema = Record<string, unknown>;

/** zod → JSON Schema 2020-12 (OpenAPI 3.1's dialect); requests as accepted (input), responses as sent (output). */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete out.$schema;
  return out;
}

const SECURITY: Record<RouteAuth, Record<string, string[]>[] | undefined> = {
  none: undefined,
  user: [{ bearer: [] }],
  any: [{ bearer: [] }],
  admin: [{ bearer: [] }],
  metrics: [{}, { bearer: [] }],
};

const AUTH_NOTE: Record<RouteAuth, string> = {
  none: 'No token.',
  user: "A host's sign-in token.",
  any: "A host's sign-in token or a player's seat token; access is checked against the game.",
  admin: "An admin's sign-in token (the role is read from the database).",
  metrics: 'From an address in METRICS_ALLOW, with `Bearer <METRICS_TOKEN>`, or with an admin token.',
};

function parameters(route: RouteSchema): JsonSchema[] {
  const out: JsonSchema[] = [];
  for (const [where, obj] of [['path', route.params], ['query', route.query]] as const) {
    if (!obj) continue;
    for (const [name, field] of Object.entries(obj.shape as Record<string, z.ZodType>)) {
      const optional = field.safeParse(undefined).success;
      out.push({ name, in: where, required: where === 'path' || !optional, schema: jsonSchema(field, 'input') });
    }
  }
  if (route.conditional) {
    out.push({ name: 'If-None-Match', in: 'header', required: false, schema: { type: 'string' }, description: 'An ETag from an earlier answer: 304 with no body if nothing the caller sees changed' });
  }
  return out;
}

function operation(key: string, route: RouteSchema): JsonSchema {
  const status = String(route.status ?? 200);
  const success: JsonSchema = route.response
    ? { description: 'Success', content: { 'application/json': { schema: jsonSchema(route.response, 'output') } } }
    : { description: 'Success', content: { [key === 'GET /metrics' ? 'text/plain' : 'text/html']: { schema: { type: 'string' } } } };
  if (route.conditional) success.headers = { ETag: { schema: { type: 'string' }, description: 'Tag of this view of the room version' } };
  const responses: Record<string, JsonSchema> = { [status]: success };
  if (route.conditional) responses['304'] = { description: 'Not modified (matching If-None-Match, or a long poll that ran out)' };
  if (route.params || route.query || route.body) responses['400'] = { $ref: '#/components/responses/Error' };
  if (route.auth !== 'none') responses['401'] = { $ref: '#/components/responses/Error' };
  if (route.auth !== 'none') responses['403'] = { $ref: '#/components/responses/Error' };
  const op: JsonSchema = {
    operationId: key.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, ''),
    summary: route.summary,
    description: [AUTH_NOTE[route.auth], route.access, route.socket ? `Socket twin: \`${route.socket}\` (same payload plus \`gameId\`).` : undefined, route.refusals?.length ? `Refusal reasons: ${route.refusals.join(', ')}.` : undefined]
      .filter(Boolean)
      .join(' '),
    tags: [route.tag],
    parameters: parameters(route),
    responses,
  };
  if (route.socket) op['x-socket-event'] = route.socket;
  if (route.refusals) op['x-refusals'] = route.refusals;
  const security = SECURITY[route.auth];
  if (security) op.security = security;
  if (route.body) op.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(route.body, 'input') } } };
  return op;
}

/** `/api/games/:id` → `/api/games/{id}` */
export const openApiPath = (fastifyPath: string) => fastifyPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** The OpenAPI 3.1 document of the REST API, generated from the route table's zod schemas. */
export function buildOpenApiDocument(opts: { serverUrl?: string | undefined; routes?: Record<string, RouteSchema> } = {}): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [key, route] of Object.entries(opts.routes ?? ROUTE_SCHEMAS)) {
    const [method = '', path = ''] = key.split(' ');
    (paths[openApiPath(path)] ??= {})[method.toLowerCase()] = operation(key, route);
  }
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
