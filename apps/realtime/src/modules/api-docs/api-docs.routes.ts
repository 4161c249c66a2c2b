import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { buildOpenApiDocument } from './openapi.js';
import type { RouteDoc } from './route-docs.js';
import { DOCS_CSS, renderDocsPage } from './docs-page.js';

const text = (type: string, description: string) => ({ 200: { description, content: { [type]: { schema: z.string() } } } });

/** `GET /api/openapi.json` and the reference page `GET /api/docs`, both built once on first request from the served routes. */
export async function apiDocsRoutes(app: FastifyInstance, ctx: AppContext, routes: readonly RouteDoc[]): Promise<void> {
  let doc: ReturnType<typeof buildOpenApiDocument> | null = null;
  let page: string | null = null;
  const document = () => (doc ??= buildOpenApiDocument({ serverUrl: ctx.config.PUBLIC_URL, routes }));
  const tags = ['operations'];

  app.get('/api/openapi.json', { schema: { summary: 'This document', tags, response: { 200: z.object({ openapi: z.string() }).loose() } } }, async (_req, reply) =>
    reply.header('cache-control', 'no-cache').send(document()),
  );
  app.get('/api/docs', { schema: { summary: 'Readable API reference (HTML)', tags, response: text('text/html', 'The reference page') } }, async (_req, reply) => {
    page ??= renderDocsPage(document() as unknown as Parameters<typeof renderDocsPage>[0]);
    return reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
  });
  app.get('/api/docs/docs.css', { schema: { summary: 'Stylesheet of the API reference', tags, response: text('text/css', 'The stylesheet') } }, async (_req, reply) =>
    reply.header('content-type', 'text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(DOCS_CSS),
  );
}
