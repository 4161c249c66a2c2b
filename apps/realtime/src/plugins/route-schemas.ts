import type { FastifyInstance, FastifySchema, FastifySchemaCompiler } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZGameParams } from '@ss/protocol';
import type { $ZodType } from 'zod/v4/core';

declare module 'fastify' {
  interface FastifySchema {
    /** One line for the API reference. */
    summary?: string;
    /** More for the API reference (who may call it, what else it answers). */
    description?: string;
    /** The reference's section. */
    tags?: readonly string[];
    /** OpenAPI security requirements, when the route's declared access does not say it (e.g. the metrics door). */
    security?: readonly Record<string, readonly string[]>[];
    /** A game command's socket twin and its refusal codes (from the command table). */
    'x-socket-event'?: string;
    'x-refusals'?: readonly string[];
  }
}

/**
 * Route schemas are the protocol's zod schemas (`schema: { params, querystring, body, response }`): Fastify
 * validates the request parts with them before the handler, and the API document is built from them. A request
 * part that fails is a FST_ERR_VALIDATION error carrying the zod issues; the error handler turns it into the one
 * 400 of `inputError`.
 *
 * A body left out (or `null`) is read as `{}`: a body whose fields are all optional may be left out, and a
 * missing one is refused naming its first required field.
 *
 * Response schemas document the answer only: the reply serializer (shared-replies.ts) writes every JSON answer,
 * and Fastify prefers it to a schema's serializer, so a shared answer is still written once. The zod serializer is
 * set only so that a route with a response schema compiles.
 */
export function registerRouteSchemas(app: FastifyInstance): void {
  const validator: FastifySchemaCompiler<$ZodType> = (route) => {
    const check = validatorCompiler(route);
    if (route.httpPart !== 'body') return check;
    return (data) => check(data ?? {});
  };
  app.setValidatorCompiler(validator);
  app.setSerializerCompiler(serializerCompiler);
}

/** What a route takes (params, querystring, body) and answers (response by status): its schema but the docs. */
type RouteParts = Pick<FastifySchema, 'params' | 'querystring' | 'body' | 'response'>;

/**
 * The schema builders of one module's routes, which share its tags (the reference's section): `schema` for any
 * route, `gameSchema` for a route under /api/games/:id, whose params are the game's id.
 */
export function routeSchemas(tags: readonly string[]) {
  return {
    schema: <P extends RouteParts>(summary: string, parts: P) => ({ summary, tags, ...parts }),
    gameSchema: <P extends Omit<RouteParts, 'params'>>(summary: string, parts: P) => ({ summary, tags, params: ZGameParams, ...parts }),
  };
}

/**
 * A route module's start: its Fastify with zod-typed requests (`api`: `req.params`, `req.body` typed by the route's
 * schema) and the schema builders for its tags.
 */
export function moduleRoutes(app: FastifyInstance, tags: readonly string[]) {
  return { api: app.withTypeProvider<ZodTypeProvider>(), ...routeSchemas(tags) };
}
