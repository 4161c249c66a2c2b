import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import type { Access } from '../../plugins/auth-door.js';

/** A served route as the API document reads it: its method and path, its declared access and its schema. */
export interface RouteDoc {
  method: string;
  url: string;
  access: Access | undefined;
  schema: FastifySchema | undefined;
}

const collected = new WeakMap<FastifyInstance, RouteDoc[]>();

/**
 * Records every route Fastify registers, with its schema (HEAD twins, the static file wildcards and the web pages
 * served from the build left out): the OpenAPI document is built from these, so a route documents itself by
 * declaring its schema. Call before any route; the list fills as routes register.
 */
export function collectRouteDocs(app: FastifyInstance): RouteDoc[] {
  const docs: RouteDoc[] = [];
  collected.set(app, docs);
  app.addHook('onRoute', (route: RouteOptions) => {
    const config = route.config as { webPage?: boolean; access?: Access } | undefined;
    if (route.url.includes('*') || config?.webPage) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') docs.push({ method, url: route.url, access: config?.access, schema: route.schema });
    }
  });
  return docs;
}

/** The routes recorded on an app built with `collectRouteDocs`, sorted by `METHOD path`. */
export function routeDocs(app: FastifyInstance): RouteDoc[] {
  return [...(collected.get(app) ?? [])].sort((a, b) => `${a.method} ${a.url}`.localeCompare(`${b.method} ${b.url}`));
}
