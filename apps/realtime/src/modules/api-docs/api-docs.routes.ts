import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { buildOpenApiDocument } from './openapi.js';
import { routeSchemas } from './route-schemas.js';
import { DOCS_CSS, renderDocsPage } from './docs-page.js';

/** `GET /api/openapi.json` and the reference page `GET /api/docs`, both built once on first request. */
export async function apiDocsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  let doc: ReturnType<typeof buildOpenApiDocument> | null = null;
  let page: string | null = null;
  const document = () => (doc ??= buildOpenApiDocument({ serverUrl: ctx.config.PUBLIC_URL, routes: routeSchemas(ctx.commands) }));

  app.get('/api/openapi.json', async (_req, reply) => reply.header('cache-control', 'no-cache').send(document()));
  app.get('/api/docs', async (_req, reply) => {
    page ??= renderDocsPage(document() as unknown as Parameters<typeof renderDocsPage>[0]);
    return reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
  });
  app.get('/api/docs/docs.css', async (_req, reply) => reply.header('content-type', 'text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(DOCS_CSS));
}
