import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ZStorylineList } from '@ss/protocol';
import { api, ApiRequestError, errorMessage } from './api';
import { setNavigate } from './navigation';
import * as session from './session';

type FetchArgs = [RequestInfo | URL, RequestInit | undefined];

function mockFetch(status: number, body: string, statusText = '') {
  const fn = vi.fn<(...args: FetchArgs) => Promise<Response>>(
    async () => new Response(body === '' ? null : body, { status, statusText }),
  );
  vi.stubGlobal('fetch', fn);
  return fn;
}

const ZThing = z.object({ id: z.string() });

describe('api client', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    window.history.replaceState(null, '', '/play/g/lobby?session=tab');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('GET parses the answer with the schema and sends the bearer token with credentials', async () => {
    session.set({ token: 'tok' });
    const fetchFn = mockFetch(200, JSON.stringify({ id: 'a' }));
    await expect(api.get('/api/thing', ZThing)).resolves.toEqual({ id: 'a' });
    const [url, init] = fetchFn.mock.calls[0]!;
    expect(url).toBe('/api/thing');
    expect(init?.method).toBe('GET');
    expect(init?.credentials).toBe('include');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok');
    expect(headers['Content-Type']).toBeUndefined();
  });

  it('uses the legacy auth_token when nothing else is stored, and no header without a token', async () => {
    const fetchFn = mockFetch(200, '[]');
    await api.get('/api/storylines', ZStorylineList);
    expect((fetchFn.mock.calls[0]![1]?.headers as Record<string, string>).Authorization).toBeUndefined();
    localStorage.setItem('auth_token', 'old');
    await api.get('/api/storylines', ZStorylineList);
    expect((fetchFn.mock.calls[1]![1]?.headers as Record<string, string>).Authorization).toBe('Bearer old');
  });

  it('POST sends JSON with a content type', async () => {
    const fetchFn = mockFetch(200, JSON.stringify({ id: 'b' }));
    await api.post('/api/x', { a: 1 }, ZThing);
    const init = fetchFn.mock.calls[0]![1]!;
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('rejects answers that do not match the schema', async () => {
    mockFetch(200, JSON.stringify({ nope: true }));
    await expect(api.get('/api/thing', ZThing)).rejects.toBeInstanceOf(z.ZodError);
  });

  it('non-OK throws ApiRequestError "status: body" with the parsed error body', async () => {
    const body = JSON.stringify({ error: 'CONFLICT', message: 'That name is taken' });
    mockFetch(409, body, 'Conflict');
    const err = await api.post('/api/x', {}, ZThing).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiRequestError);
    const e = err as ApiRequestError;
    expect(e.message).toBe(`409: ${body}`);
    expect(e.status).toBe(409);
    expect(e.code).toBe('CONFLICT');
    expect(e.serverMessage).toBe('That name is taken');
    expect(errorMessage(e, 'fallback')).toBe('That name is taken');
  });

  it('non-OK with an empty body uses the status text', async () => {
    mockFetch(500, '', 'Internal Server Error');
    const err = (await api.get('/api/x', ZThing).catch((e: unknown) => e)) as ApiRequestError;
    expect(err.message).toBe('500: Internal Server Error');
    expect(err.body).toBeNull();
    expect(errorMessage(err, 'fallback')).toBe('fallback');
  });

  it('reads may return null on 401 when asked; by default they throw', async () => {
    mockFetch(401, JSON.stringify({ error: 'UNAUTHORIZED', message: 'Sign in' }), 'Unauthorized');
    await expect(api.get('/api/x', ZThing, { nullOn401: true })).resolves.toBeNull();
    await expect(api.get('/api/x', ZThing)).rejects.toMatchObject({ status: 401 });
  });

  it('410 GAME_DELETED clears the auth state and navigates to /', async () => {
    session.set({ token: 't', role: 'player', gameId: 'g' });
    localStorage.setItem('auth_token', 'legacy');
    const nav = vi.fn();
    setNavigate(nav);
    mockFetch(410, JSON.stringify({ error: 'GAME_DELETED', message: 'This game was deleted' }), 'Gone');
    await expect(api.get('/api/games/g', ZThing)).rejects.toMatchObject({ status: 410, code: 'GAME_DELETED' });
    expect(nav).toHaveBeenCalledWith('/', { replace: true });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('player_tab_token')).toBeNull();
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it('a 410 with another code does not clear the session', async () => {
    session.set({ token: 't' });
    const nav = vi.fn();
    setNavigate(nav);
    mockFetch(410, JSON.stringify({ error: 'OTHER', message: 'x' }), 'Gone');
    await expect(api.get('/api/x', ZThing)).rejects.toMatchObject({ status: 410 });
    expect(nav).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBe('t');
  });
});
