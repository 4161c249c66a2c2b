import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { startServer, TEST_MODE, type TestServer } from './harness.js';
import { registeredRoutes } from '../src/modules/api-docs/route-table.js';
import { ROUTE_SCHEMAS } from '../src/modules/api-docs/route-schemas.js';
import { openApiPath } from '../src/modules/api-docs/openapi.js';

describe.runIf(TEST_MODE === 'embedded')('OpenAPI document and reference page', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server?.close());

  it('has a schema entry for exactly the routes Fastify serves', () => {
    const served = registeredRoutes(server.app);
    expect(served.length).toBeGreaterThan(40);
    const documented = Object.keys(ROUTE_SCHEMAS).sort();
    // A new route without a schema fails here (first list); a schema for a route that is gone fails too (second).
    expect(served.filter((r) => !documented.includes(r)), 'routes without a schema').toEqual([]);
    expect(documented.filter((r) => !served.includes(r)), 'schemas without a route').toEqual([]);
  });

  it('serves a valid OpenAPI 3.1 document covering every route', async () => {
    const res = await fetch(`${server.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as unknown as Parameters<Validator["validate"]>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    for (const route of registeredRoutes(server.app)) {
      const [method = '', path = ''] = route.split(' ');
      expect(doc.paths[openApiPath(path)]?.[method.toLowerCase()], route).toBeDefined();
    }
    // The generated schemas carry the protocol's rules, e.g. the join request's display name.
    const join = doc.paths['/api/games/{joinCode}/join']!.post as unknown as { requestBody: { content: { 'application/json': { schema: { properties: Record<string, unknown>; required: string[] } } } } };
    expect(join.requestBody.content['application/json'].schema.required).toContain('displayName');
    expect(Object.keys(doc.paths['/api/games/{id}']!.get!.responses)).toEqual(expect.arrayContaining(['200', '304']));
  });

  it('serves a readable reference page with no script and only same-origin assets', async () => {
    const res = await fetch(`${server.url}/api/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//i);
    expect(html).toContain('/api/games/{id}/voting-results');
    expect(html).toContain('waitForVersion');
    const css = await fetch(`${server.url}/api/docs/docs.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toContain('text/css');
  });
});
