import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as session from './session';

function goTo(path: string) {
  window.history.replaceState(null, '', path);
}

/** What an earlier page (or another tab) left in localStorage. */
function stored(entries: Record<string, string>) {
  for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
}

describe('session', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    goTo('/');
  });

  it('takes the session id from ?session=', () => {
    goTo('/play/g1/lobby?session=abc123');
    expect(session.getSessionId()).toBe('abc123');
    expect(window.location.search).toBe('?session=abc123');
  });

  it('generates a session id when missing and adds it to the address without reload', () => {
    goTo('/join?gameId=ABCDEF');
    const id = session.getSessionId();
    expect(id).toMatch(/^[a-z0-9]{8,}$/);
    const params = new URLSearchParams(window.location.search);
    expect(params.get('session')).toBe(id);
    expect(params.get('gameId')).toBe('ABCDEF');
    expect(window.location.pathname).toBe('/join');
    // the same tab keeps it when a later address lacks it
    goTo('/dashboard');
    expect(session.getSessionId()).toBe(id);
  });

  it('writes the tab session only when it changes (every rendered link asks for it)', () => {
    const kept = new Map<string, string>();
    const writes: string[] = [];
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => kept.get(key) ?? null,
      setItem: (key: string, value: string) => {
        writes.push(value);
        kept.set(key, value);
      },
    });
    try {
      goTo('/play/g1/day/1?session=abc123');
      for (let i = 0; i < 5; i++) session.withSession('/play/g1/vote');
      expect(writes).toEqual(['abc123']);
      goTo('/play/g1/day/1?session=other');
      expect(session.getSessionId()).toBe('other');
      expect(writes).toEqual(['abc123', 'other']);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('set writes each supplied field to the prefixed and the unprefixed key', () => {
    goTo('/?session=s1');
    session.set({ token: 't1', role: 'host', user: { id: 'u1', displayName: 'Ada' } });
    expect(localStorage.getItem('player_s1_token')).toBe('t1');
    expect(localStorage.getItem('token')).toBe('t1');
    expect(localStorage.getItem('player_s1_role')).toBe('host');
    expect(localStorage.getItem('role')).toBe('host');
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual({ id: 'u1', displayName: 'Ada' });
    // fields not supplied are untouched
    expect(localStorage.getItem('gameId')).toBeNull();
    session.set({ gameId: 'g1' });
    expect(localStorage.getItem('token')).toBe('t1');
    expect(localStorage.getItem('player_s1_gameId')).toBe('g1');
  });

  it('set can target another tab session (join -> new session in the URL)', () => {
    goTo('/join?session=old');
    session.set({ token: 'pt', role: 'player', gameId: 'g', playerId: 'p' }, { sessionId: 'fresh' });
    expect(localStorage.getItem('player_fresh_token')).toBe('pt');
    expect(localStorage.getItem('player_old_token')).toBeNull();
    goTo('/play/g/lobby?session=fresh');
    expect(session.read()).toEqual({ token: 'pt', user: null, role: 'player', gameId: 'g', playerId: 'p' });
  });

  it('player pages read prefixed keys first, then unprefixed', () => {
    stored({ token: 'shared', role: 'host', player_tab_token: 'mine' });
    goTo('/play/g/lobby?session=tab');
    const s = session.read();
    expect(s.token).toBe('mine');
    expect(s.role).toBe('host'); // falls back to unprefixed
  });

  it('host pages read only unprefixed keys', () => {
    stored({ token: 'shared', player_tab_token: 'mine', player_tab_gameId: 'g' });
    goTo('/host/g/lobby?session=tab');
    const s = session.read();
    expect(s.token).toBe('shared');
    expect(s.gameId).toBeNull();
    expect(session.getToken()).toBe('shared');
  });

  it('getToken: prefixed, then unprefixed, then legacy auth_token', () => {
    goTo('/play/g/homepage?session=tab');
    expect(session.getToken()).toBeNull();
    localStorage.setItem('auth_token', 'legacy');
    expect(session.getToken()).toBe('legacy');
    localStorage.setItem('token', 'plain');
    expect(session.getToken()).toBe('plain');
    localStorage.setItem('player_tab_token', 'prefixed');
    expect(session.getToken()).toBe('prefixed');
  });

  it('clear removes all prefixed keys, the unprefixed keys and the legacy key, nothing else', () => {
    goTo('/?session=a');
    session.set({ token: 't', role: 'host', user: { id: 'u', displayName: 'U' }, gameId: 'g', playerId: 'p' });
    stored({ player_b_token: 'other-tab', auth_token: 'legacy', unrelated: 'keep' });
    session.clear();
    expect(Object.keys(localStorage)).toEqual(['unrelated']);
    expect(session.read()).toEqual(session.EMPTY_AUTH);
  });

  it('ignores malformed stored values', () => {
    goTo('/?session=a');
    stored({ user: '{not json', role: 'king' });
    expect(session.read().user).toBeNull();
    expect(session.read().role).toBeNull();
  });

  it('withSession adds or replaces the session query', () => {
    expect(session.withSession('/play/g/lobby', 'x1')).toBe('/play/g/lobby?session=x1');
    expect(session.withSession('/join?gameId=ABC&session=old', 'x2')).toBe('/join?gameId=ABC&session=x2');
  });
});
