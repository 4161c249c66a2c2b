import type { FastifyInstance, RouteOptions } from 'fastify';

const tables = new WeakMap<FastifyInstance, Set<string>>();

/**
 * Records every API route Fastify registers as `METHOD path` (HEAD twins, the static file wildcards and the
 * web pages served from the build left out), so the OpenAPI route table can be checked against what the server really serves. Call before any route.
 */
export function recordRoutes(app: FastifyInstance): void {
  const table = new Set<string>();
  tables.set(app, table);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.url.includes('*') || (route.config as { webPage?: boolean } | undefined)?.webPage) return;
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      if (method !== 'HEAD') table.add(`${method} ${route.url}`);
    }
  });
}

export function registeredRoutes(app: FastifyInstance): string[] {
  return [...(tables.get(app) ?? [])].sort();
}
