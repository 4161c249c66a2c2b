import { io, type Socket } from 'socket.io-client';
import {
  ErrorCode,
  PROTOCOL_VERSION,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type TAck,
  type TJoinAckData,
} from '@ss/protocol';
import { useGameRoom } from '../store/gameRoom';
import * as session from './session';
import { navigateTo } from './navigation';

/**
 * The one Socket.IO connection of the tab. It authenticates with the stored token (handshake `auth.token`),
 * joins the followed game, feeds the game-room store with snapshots, and resyncs (game:join) after every
 * (re)connection, on a version gap, and when the tab comes back online or to the foreground.
 */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const JOIN_TIMEOUT_MS = 10_000;

let socket: AppSocket | null = null;
let socketToken: string | null = null;
let followed: string | null = null;
let windowHooks = false;

const room = () => useGameRoom.getState();

function onGameDeleted(): void {
  session.clear();
  room().reset();
  disconnect();
  navigateTo('/', { replace: true });
}

/** Ask the server for the current state of the followed game (also joins its room). */
export function resync(): void {
  const s = socket;
  const gameId = followed;
  if (!s || !gameId || !s.connected) return;
  s.timeout(JOIN_TIMEOUT_MS).emit('game:join', { gameId }, (err: Error | null, res?: TAck<TJoinAckData>) => {
    if (followed !== gameId) return;
    if (err || !res) {
      // No answer in time: try again once the connection settles.
      window.setTimeout(() => followed === gameId && resync(), 2000);
      return;
    }
    if (!res.ok) {
      if (res.error.error === ErrorCode.GAME_DELETED) return onGameDeleted();
      room().setError({ status: res.error.status, code: res.error.error, message: res.error.message });
      return;
    }
    const { game, me, online, serverTime } = res.data;
    room().noteServerTime(serverTime);
    room().applySnapshot({ version: game.version, game });
    room().applyMe(game.version, me);
    room().setOnline(online);
  });
}

function wire(s: AppSocket): void {
  s.on('connect', () => {
    room().setStatus('connected');
    resync();
  });
  s.on('disconnect', (reason) => {
    // 'io server disconnect': the server closed us (revoked session, deleted game); no automatic reconnection.
    room().setStatus(reason === 'io server disconnect' || reason === 'io client disconnect' ? 'offline' : 'reconnecting');
  });
  s.on('connect_error', (err) => {
    const msg = err.message.toLowerCase();
    if (msg.includes('protocol_mismatch')) {
      room().setError({ status: 426, code: 'PROTOCOL_MISMATCH', message: 'The game was updated. Please reload the page.' });
      room().setStatus('offline');
      return;
    }
    if (msg.includes('unauthor') || msg.includes('revoked')) {
      room().setError({ status: 401, code: ErrorCode.UNAUTHORIZED, message: err.message });
      room().setStatus('offline');
      return;
    }
    room().setStatus(s.active ? 'reconnecting' : 'offline');
  });
  s.io.on('reconnect_attempt', () => room().setStatus('reconnecting'));

  s.on('room:snapshot', (e) => {
    if (e.game.id !== followed) return;
    room().noteServerTime(e.serverTime);
    const result = room().applySnapshot(e);
    if (result === 'gap') resync();
  });
  s.on('me:updated', (e) => {
    if (e.gameId !== followed) return;
    room().applyMe(e.version, e.me);
  });
  s.on('presence:updated', (e) => {
    if (e.gameId === followed) room().setOnline(e.online);
  });
  s.on('game:deleted', (e) => {
    if (e.gameId === followed) onGameDeleted();
  });
}

function hookWindow(): void {
  if (windowHooks || typeof window === 'undefined') return;
  windowHooks = true;
  window.addEventListener('offline', () => {
    room().setStatus('offline');
    // Drop the transport now; it would otherwise linger until the ping times out.
    socket?.disconnect();
  });
  window.addEventListener('online', () => {
    if (socket && !socket.connected) {
      room().setStatus('reconnecting');
      socket.connect();
    } else resync();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || !socket) return;
    if (!socket.connected) socket.connect();
    else resync();
  });
}

function ensureSocket(token: string): AppSocket {
  if (socket && socketToken === token) {
    if (!socket.connected && !socket.active && navigator.onLine !== false) socket.connect();
    return socket;
  }
  socket?.removeAllListeners();
  socket?.disconnect();
  socketToken = token;
  room().setStatus('connecting');
  const s: AppSocket = io({
    path: '/socket.io',
    auth: { token, protocol: PROTOCOL_VERSION },
    transports: ['websocket', 'polling'],
    reconnectionDelay: 500,
    reconnectionDelayMax: 5000,
  });
  wire(s);
  hookWindow();
  socket = s;
  return s;
}

/**
 * Follow a game: one connection per tab, re-created only when the token changes.
 * Answers false when there is no token to connect with.
 */
export function followGame(gameId: string): boolean {
  const token = session.getToken();
  room().select(gameId);
  followed = gameId;
  if (!token) {
    room().setError({ status: 401, code: ErrorCode.UNAUTHORIZED, message: 'Authentication required' });
    return false;
  }
  const s = ensureSocket(token);
  if (s.connected) resync();
  return true;
}

export function disconnect(): void {
  socket?.removeAllListeners();
  socket?.disconnect();
  socket = null;
  socketToken = null;
  followed = null;
  room().setStatus('idle');
}
