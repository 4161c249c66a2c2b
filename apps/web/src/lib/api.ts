import type { z } from 'zod';
import { ErrorCode, ZApiError, type TApiError } from '@ss/protocol';
import * as session from './session';
import { navigateTo } from './navigation';

/**
 * The one typed REST client. Every answer is parsed with a schema from '@ss/protocol'.
 * Non-OK answers throw ApiRequestError whose message is `${status}: ${bodyText || statusText}`.
 */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly bodyText: string,
    /** The parsed `{error, message}` body, when the server sent one. */
    readonly body: TApiError | null,
  ) {
    super(`${status}: ${bodyText || statusText}`);
  }

  /** Machine-readable code (e.g. 'GAME_DELETED') when the body carried one. */
  get code(): string | null {
    return this.body?.error ?? null;
  }

  /** Why the game's rules refused the command (a code of the engine's `Refusal` list); act on this, never on text. */
  get reason(): string | null {
    return this.body?.reason ?? null;
  }

  /** The server's human message, when the body carried one. */
  get serverMessage(): string | null {
    return this.body?.message ?? null;
  }
}

/** Human text of any error thrown by the client: the server's message when there is one, else the fallback. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiRequestError) return err.serverMessage || fallback;
  return fallback;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Use this token instead of the stored one (e.g. right after sign-in). */
  token?: string | null;
  /** Extra headers. */
  headers?: Record<string, string>;
}

export interface ReadOptions extends RequestOptions {
  /** Return null instead of throwing when the server answers 401. */
  nullOn401?: boolean;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

function onGameDeleted(): void {
  session.clear();
  navigateTo('/', { replace: true });
}

async function request<S extends z.ZodType>(
  method: Method,
  path: string,
  body: unknown,
  schema: S,
  opts: ReadOptions = {},
): Promise<z.infer<S> | null> {
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  const token = opts.token === undefined ? session.getToken() : opts.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  const hasBody = body !== undefined;
  if (hasBody) headers['Content-Type'] = 'application/json';

  const res = await fetch(path, {
    method,
    headers,
    credentials: 'include',
    body: hasBody ? JSON.stringify(body) : undefined,
    signal: opts.signal,
  });

  const text = await res.text();
  if (!res.ok) {
    if (res.status === 401 && opts.nullOn401) return null;
    let parsed: TApiError | null = null;
    try {
      const r = ZApiError.safeParse(JSON.parse(text));
      parsed = r.success ? r.data : null;
    } catch {
      parsed = null;
    }
    if (res.status === 410 && parsed?.error === ErrorCode.GAME_DELETED) onGameDeleted();
    throw new ApiRequestError(res.status, res.statusText, text, parsed);
  }
  const json: unknown = text === '' ? undefined : JSON.parse(text);
  return schema.parse(json);
}

function get<S extends z.ZodType>(path: string, schema: S, opts: ReadOptions & { nullOn401: true }): Promise<z.infer<S> | null>;
function get<S extends z.ZodType>(path: string, schema: S, opts?: ReadOptions): Promise<z.infer<S>>;
function get<S extends z.ZodType>(path: string, schema: S, opts?: ReadOptions): Promise<z.infer<S> | null> {
  return request('GET', path, undefined, schema, opts);
}

function write(method: Method) {
  return <S extends z.ZodType>(path: string, body: unknown, schema: S, opts?: RequestOptions): Promise<z.infer<S>> =>
    request(method, path, body, schema, { ...opts, nullOn401: false }) as Promise<z.infer<S>>;
}

export const api = {
  get,
  post: write('POST'),
  patch: write('PATCH'),
  put: write('PUT'),
  delete: write('DELETE'),
};
