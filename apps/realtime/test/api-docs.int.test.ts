import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { z } from 'zod';
import { Validator } from '@seriousme/openapi-schema-validator';
import { ZGameParams, ZJoinRequest } from '@ss/protocol';
import { startServer, TEST_MODE, type TestServer } from './harness.js';
import { collectRouteDocs, routeDocs } from '../src/modules/api-docs/route-docs.js';
import { buildOpenApiDocument, openApiPath } from '../src/modules/api-docs/openapi.js';
import { registerRouteSchemas } from '../src/plugins/route-schemas.js';
import { registerErrorHandler } from '../src/plugins/errors.js';
import { registerSharedReplies } from '../src/plugins/shared-replies.js';

type Op = {
  summary: string;
  tags: string[];
  parameters: { name: string; in: string; required: boolean }[];
  requestBody?: { content: { 'application/json': { schema: { properties: Record<string, unknown>; required?: string[] } } } };
  responses: Record<string, unknown>;
};
type Doc = { openapi: string; paths: Record<string, Record<string, Op>> };

const pathParams = (url: string) => [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);

describe.runIf(TEST_MODE === 'embedded')('OpenAPI document and reference page', () => {
  let server: TestServer;
  let doc: Doc;
  beforeAll(async () => {
    server = await startServer();
    doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as Doc;
  });
  afterAll(async () => server?.close());

  it('documents exactly the routes Fastify serves, each from its own schema', () => {
    const served = routeDocs(server.app);
    expect(served.length).toBeGreaterThan(40);
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual(served.map((r) => `${r.method} ${openApiPath(r.url)}`).sort());
    for (const route of served) {
      const key = `${route.method} ${route.url}`;
      const op = doc.paths[openApiPath(route.url)]![route.method.toLowerCase()]!;
      // A route without a schema (summary, tag, answer) fails here.
      expect(route.schema?.summary, key).toBeTruthy();
      expect(op.summary, key).toBe(route.schema?.summary);
      expect(op.tags.length, key).toBe(1);
      expect(Object.keys(op.responses).some((s) => s.startsWith('2')), key).toBe(true);
      // Every path parameter is validated by the route's params schema, and so documented.
      const params = route.schema?.params as z.ZodObject | undefined;
      expect(Object.keys(params?.shape ?? {}).sort(), key).toEqual(pathParams(route.url).sort());
      expect(op.parameters.filter((p) => p.in === 'path').map((p) => p.name).sort(), key).toEqual(pathParams(route.url).sort());
      // A write takes a body (its schema validates it), a read and a delete take none.
      const writes = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
      expect(route.schema?.body !== undefined, key).toBe(writes);
      expect(op.requestBody !== undefined, key).toBe(writes);
    }
  });

  it('serves a valid OpenAPI 3.1 document carrying the protocol rules', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    // The generated schemas carry the protocol's rules, e.g. the join request's display name.
    const join = doc.paths['/api/games/{joinCode}/join']!.post!;
    expect(join.requestBody!.content['application/json'].schema.required).toContain('displayName');
    expect(join.parameters).toEqual([expect.objectContaining({ name: 'joinCode', in: 'path', required: true })]);
    expect(Object.keys(join.responses)).toEqual(expect.arrayContaining(['201', '400']));
    expect(Object.keys(doc.paths['/api/games/{id}']!.get!.responses)).toEqual(expect.arrayContaining(['200', '304', '401', '403']));
    expect(doc.paths['/api/games/{id}']!.get!.parameters.map((p) => p.name)).toEqual(['id', 'waitForVersion', 'waitSeconds', 'If-None-Match']);
    // A game command's operation comes from its command table entry, with its socket twin and refusals.
    const ballot = doc.paths['/api/games/{id}/votes']?.post as (Op & { 'x-socket-event'?: string; 'x-refusals'?: string[] }) | undefined;
    expect(ballot?.['x-socket-event']).toBeTruthy();
    expect(ballot?.['x-refusals']?.length).toBeGreaterThan(0);
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

describe('a route documents itself', () => {
  it('appears in the document with its params and body, and is validated by them, with no table to edit', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    registerSharedReplies(app);
    registerRouteSchemas(app);
    const routes = collectRouteDocs(app);
    const schema = { summary: 'A toy route', tags: ['toys'], params: ZGameParams, body: ZJoinRequest, response: { 201: z.object({ echoed: ZJoinRequest }) } };
    app.post('/api/toys/:id/join', { schema }, async (req, reply) => reply.status(201).send({ echoed: req.body }));
    await app.ready();

    const doc = buildOpenApiDocument({ routes }) as unknown as Doc;
    const op = doc.paths['/api/toys/{id}/join']!.post!;
    expect(op.summary).toBe('A toy route');
    expect(op.tags).toEqual(['toys']);
    expect(op.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    expect(op.requestBody!.content['application/json'].schema.required).toContain('displayName');
    expect(Object.keys(op.responses)).toEqual(['201', '400']);

    const id = '00000000-0000-4000-8000-000000000000';
    const ok = await app.inject({ method: 'POST', url: `/api/toys/${id}/join`, payload: { displayName: '  Ada ' } });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toEqual({ echoed: ZJoinRequest.parse({ displayName: '  Ada ' }) });
    // A bad part is the one 400 of the error mapper: the zod message, the field's path, every issue.
    const badId = await app.inject({ method: 'POST', url: '/api/toys/nope/join', payload: { displayName: 'Ada' } });
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toMatchObject({ error: 'BAD_REQUEST', message: 'Game not found', path: ['id'] });
    const missing = await app.inject({ method: 'POST', url: `/api/toys/${id}/join` });
    expect(missing.statusCode).toBe(400);
    const expected = ZJoinRequest.safeParse({}).error!.issues[0]!;
    expect(missing.json()).toMatchObject({ error: 'BAD_REQUEST', path: ['displayName'] });
    expect(missing.json<{ message: string }>().message).toContain(expected.message);
    await app.close();
  });
});
