/**
 * The client-side auth state: per-tab session ids and the stored host and player sessions.
 *
 * - Each browser tab has a session id, taken from `?session=`; when missing, a random one is generated and put
 *   into the address with history.replaceState (no reload). The id is also kept in sessionStorage so that in-app
 *   navigations that drop the query keep the same tab session.
 * - Fields are stored in localStorage under `player_<sessionId>_<field>` AND under the unprefixed `<field>` key.
 * - `set` writes each supplied field to both; `clear` removes all prefixed keys, the unprefixed keys and the legacy
 *   `auth_token` key.
 * - Host pages (path starting with /host/) read only unprefixed keys; player pages read prefixed first, then unprefixed.
 */

export type SessionRole = 'host' | 'player';

export interface SessionUser {
  id: string;
  displayName: string;
  /** Set for admins, only to show the admin screens in the header; the server checks the role on every call. */
  admin?: true;
}

export interface AuthState {
  token: string | null;
  user: SessionUser | null;
  role: SessionRole | null;
  gameId: string | null;
  playerId: string | null;
}

export type AuthFields = Partial<AuthState>;

export const SESSION_QUERY_PARAM = 'session';
export const SESSION_PREFIX = 'player_';
export const LEGACY_TOKEN_KEY = 'auth_token';
const TAB_SESSION_KEY = 'ss_tab_session';

/** Unprefixed storage key of each field. */
export const FIELD_KEYS = {
  token: 'token',
  user: 'user',
  role: 'role',
  gameId: 'gameId',
  playerId: 'playerId',
} as const satisfies Record<keyof AuthState, string>;

const FIELDS = Object.keys(FIELD_KEYS) as (keyof AuthState)[];

export const EMPTY_AUTH: AuthState = { token: null, user: null, role: null, gameId: null, playerId: null };

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function tabStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** A random id: 16 url-safe characters. */
export function randomSessionId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(36).padStart(2, '0'))
    .join('')
    .slice(0, 16);
}

/**
 * Stores the tab's session id unless it is already stored: every link a screen renders asks for the id, and a
 * write to storage costs far more than a read (a day's screen spent tens of milliseconds of a phase change on them).
 */
function keepTabSession(id: string): void {
  const tab = tabStorage();
  if (tab && tab.getItem(TAB_SESSION_KEY) !== id) tab.setItem(TAB_SESSION_KEY, id);
}

/**
 * The tab's session id. Order: `?session=` in the address, then the id this tab used before, then a new random id.
 * When the address lacks it, it is added with history.replaceState (no reload).
 */
export function getSessionId(): string {
  const url = new URL(window.location.href);
  const fromQuery = url.searchParams.get(SESSION_QUERY_PARAM);
  if (fromQuery) {
    keepTabSession(fromQuery);
    return fromQuery;
  }
  const id = tabStorage()?.getItem(TAB_SESSION_KEY) || randomSessionId();
  keepTabSession(id);
  url.searchParams.set(SESSION_QUERY_PARAM, id);
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  return id;
}

export function prefixFor(sessionId: string): string {
  return `${SESSION_PREFIX}${sessionId}_`;
}

export function isHostPath(pathname: string = window.location.pathname): boolean {
  return pathname.startsWith('/host/');
}

function encode(field: keyof AuthState, value: AuthState[keyof AuthState]): string {
  return field === 'user' ? JSON.stringify(value) : String(value);
}

function decode<K extends keyof AuthState>(field: K, raw: string | null): AuthState[K] | null {
  if (raw === null || raw === '') return null;
  if (field === 'user') {
    try {
      const u = JSON.parse(raw) as unknown;
      if (u && typeof u === 'object' && 'id' in u && 'displayName' in u) {
        const { id, displayName, admin } = u as { id: unknown; displayName: unknown; admin?: unknown };
        if (typeof id === 'string' && typeof displayName === 'string') {
          return (admin === true ? { id, displayName, admin: true } : { id, displayName }) as AuthState[K];
        }
      }
    } catch {
      /* fall through */
    }
    return null;
  }
  if (field === 'role') return (raw === 'host' || raw === 'player' ? raw : null) as AuthState[K] | null;
  return raw as AuthState[K];
}

function readField<K extends keyof AuthState>(field: K, hostPage: boolean, sessionId: string): AuthState[K] | null {
  const s = storage();
  if (!s) return null;
  if (!hostPage) {
    const prefixed = decode(field, s.getItem(prefixFor(sessionId) + FIELD_KEYS[field]));
    if (prefixed !== null) return prefixed;
  }
  return decode(field, s.getItem(FIELD_KEYS[field]));
}

export interface ReadOptions {
  /** Path that decides host/player reading rules; default: the current page. */
  pathname?: string;
  sessionId?: string;
}

/** The auth state as the current page sees it. */
export function read(opts: ReadOptions = {}): AuthState {
  const hostPage = isHostPath(opts.pathname ?? window.location.pathname);
  const sessionId = opts.sessionId ?? getSessionId();
  const state = { ...EMPTY_AUTH };
  for (const f of FIELDS) {
    (state as Record<string, unknown>)[f] = readField(f, hostPage, sessionId);
  }
  return state;
}

/**
 * Bearer token for API calls: prefixed, then unprefixed, then the legacy `auth_token` key.
 * On host pages the prefixed step is skipped (host pages read only unprefixed keys).
 */
export function getToken(opts: ReadOptions = {}): string | null {
  const hostPage = isHostPath(opts.pathname ?? window.location.pathname);
  const token = readField('token', hostPage, opts.sessionId ?? getSessionId());
  return token ?? storage()?.getItem(LEGACY_TOKEN_KEY) ?? null;
}

/** Writes each supplied field to the prefixed and the unprefixed key. `null` removes the field. */
export function set(fields: AuthFields, opts: { sessionId?: string } = {}): void {
  const s = storage();
  if (!s) return;
  const prefix = prefixFor(opts.sessionId ?? getSessionId());
  for (const f of FIELDS) {
    if (!(f in fields)) continue;
    const value = fields[f];
    const keys = [prefix + FIELD_KEYS[f], FIELD_KEYS[f]];
    for (const key of keys) {
      if (value === null || value === undefined) s.removeItem(key);
      else s.setItem(key, encode(f, value));
    }
  }
}

/** Removes every prefixed key (of every tab session), the unprefixed keys and the legacy token. */
export function clear(): void {
  const s = storage();
  if (!s) return;
  const doomed: string[] = [];
  for (let i = 0; i < s.length; i++) {
    const key = s.key(i);
    if (key && key.startsWith(SESSION_PREFIX)) doomed.push(key);
  }
  for (const key of doomed) s.removeItem(key);
  for (const f of FIELDS) s.removeItem(FIELD_KEYS[f]);
  s.removeItem(LEGACY_TOKEN_KEY);
}

/** Path with the tab's session id, e.g. withSession('/play/1/lobby', id) -> '/play/1/lobby?session=id'. */
export function withSession(path: string, sessionId: string = getSessionId()): string {
  const [base, query = ''] = path.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  params.set(SESSION_QUERY_PARAM, sessionId);
  return `${base}?${params.toString()}`;
}
