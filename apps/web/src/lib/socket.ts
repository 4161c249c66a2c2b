import { io, type Socket } from 'socket.io-client';
import {
  decodeRoomDelta,
  decodeSeatDelta,
  deltaFrom,
  ErrorCode,
  ROOM_DELTA,
  SEAT_DELTA,
  Refusal,
  PROTOCOL_VERSION,
  SocketRefusal,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type TAck,
  type TJoinAckData,
  type TSyncAckData,
} from '@ss/protocol';
import { useGameRoom } from '../store/gameRoom';
import { useSeatMoved } from '../features/seats/seatMoved';
import * as session from './session';
import { navigateTo } from './navigation';

/**
 * The one Socket.IO connection of the tab. It authenticates with the stored token (handshake `auth.token`),
 * joins the followed game (the answer is the whole view), then applies the pushed deltas (compact, decoded by the
 * protocol's wire/delta.ts) with the engine's patch function. A delta that does not start at the store's version, or a heartbeat (`room:version`)
 * ahead of it, makes it ask for the changes since its version (`game:sync`). It joins again after every
 * (re)connection and when the tab comes back online or to the foreground.
 */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const JOIN_TIMEOUT_MS = 10_000;

let socket: AppSocket | null = null;
let socketToken: string | null = null;
let followed: string | null = null;
/**
 * The game whose join the server has answered on this connection. Pushes name no game (a socket follows one), so
 * they are read only once the followed game's join is answered: until then they can be the previous game's.
 */
let joined: string | null = null;
let windowHooks = false;

const room = () => useGameRoom.getState();

function onGameDeleted(): void {
  session.clear();
  room().reset();
  disconnect();
  navigateTo('/', { replace: true });
}

/** This phone's seat now lives on another phone: its token is void, so stop following and say so. */
function onSeatMoved(gameId: string): void {
  useSeatMoved.getState().markMoved(gameId);
  disconnect();
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
      if (res.error.reason === Refusal.SEAT_MOVED) return onSeatMoved(gameId);
      room().setError({ status: res.error.status, code: res.error.error, message: res.error.message });
      return;
    }
    const { game, me, online, serverTime } = res.data;
    joined = gameId;
    room().noteServerTime(serverTime);
    room().applySnapshot({ version: game.version, game });
    room().applyMe(game.version, me);
    room().setOnline(online);
  });
}

let syncing = false;

/** Ask for the changes since the store's version (a missed push); the server answers a patch or the whole view. */
export function catchUp(): void {
  const s = socket;
  const gameId = followed;
  const since = room().version;
  if (!s || !gameId || !s.connected || syncing) return;
  if (since < 0) return resync();
  syncing = true;
  s.timeout(JOIN_TIMEOUT_MS).emit('game:sync', { gameId, sinceVersion: since }, (err: Error | null, res?: TAck<TSyncAckData>) => {
    syncing = false;
    if (followed !== gameId) return;
    if (err || !res || !res.ok) return resync();
    const d = res.data;
    room().noteServerTime(d.serverTime);
    if (d.kind === 'snapshot') room().applySnapshot({ version: d.game.version, game: d.game });
    else if (room().applyDelta({ gameId, from: d.from, to: d.to, ops: d.ops }) === 'gap' && room().version < d.to) return resync();
    room().applyMe(room().version, d.me);
  });
}

function wire(s: AppSocket): void {
  s.on('connect', () => {
    room().setStatus('connected');
    resync();
  });
  s.on('disconnect', (reason) => {
    room().setStatus(reason === 'io client disconnect' ? 'offline' : 'reconnecting');
    // The server closed us on purpose (an older server's restart, a revoked seat): socket.io-client will not retry
    // by itself, so ask once more; a seat that is really gone answers game:join with its error.
    if (reason === 'io server disconnect') window.setTimeout(() => socket === s && !s.connected && s.connect(), 1000);
  });
  s.on('connect_error', (err) => {
    if (err.message === SocketRefusal.PROTOCOL_MISMATCH) {
      room().setError({ status: 426, code: 'PROTOCOL_MISMATCH', message: 'The game was updated. Please reload the page.' });
      room().setStatus('offline');
      return;
    }
    if (err.message === SocketRefusal.TOO_MANY_SOCKETS) {
      // Too many open connections from this token or network: try again a little later, once some have closed.
      room().setStatus('reconnecting');
      window.setTimeout(() => socket === s && !s.connected && s.connect(), 15_000);
      return;
    }
    if (err.message === SocketRefusal.UNAUTHORIZED) {
      room().setError({ status: 401, code: ErrorCode.UNAUTHORIZED, message: 'Your session has ended. Please join the game again.' });
      room().setStatus('offline');
      return;
    }
    room().setStatus(s.active ? 'reconnecting' : 'offline');
  });
  s.io.on('reconnect_attempt', () => room().setStatus('reconnecting'));

  s.on(ROOM_DELTA, (...wire) => {
    const gameId = followed;
    if (!gameId || joined !== gameId) return;
    const r = room();
    // The ops name players by their position in the view at `from`: only a phone holding that view reads them.
    const atFrom = deltaFrom(wire) === r.version && r.game ? r.game.players : null;
    let d;
    try {
      d = decodeRoomDelta(wire, atFrom, Date.now() + r.clockOffsetMs);
    } catch {
      return catchUp();
    }
    r.noteServerTime(d.serverTime);
    if (room().applyDelta({ gameId, from: d.from, to: d.to, ops: d.ops }) === 'gap') catchUp();
  });
  s.on('room:version', (e) => {
    if (e.gameId === followed && e.version > room().version) catchUp();
  });
  s.on(SEAT_DELTA, (...wire) => {
    if (!followed || joined !== followed) return;
    let d;
    try {
      d = decodeSeatDelta(wire);
    } catch {
      return resync();
    }
    // A missed patch of the seat's own view: ask for the whole state (join answers the seat's view as of now).
    if (room().patchMe({ from: d.from, version: d.to, ops: d.ops }) === 'gap') resync();
  });
  s.on('presence:changed', (e) => {
    if (e.gameId === followed) room().setPresence(e.playerId, e.online);
  });
  // The same seat joined from another tab or phone: this one steps aside instead of taking it back.
  s.on('socket:replaced', (e) => {
    if (e.gameId !== followed) return;
    room().setError({ status: 409, code: 'SOCKET_REPLACED', message: 'This game is open on another screen. Reload this page to continue here.' });
    disconnect();
  });
  s.on('game:deleted', (e) => {
    if (e.gameId === followed) onGameDeleted();
  });
  s.on('seat:moved', (e) => onSeatMoved(e.gameId));
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
  joined = null;
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
  if (followed !== gameId) joined = null;
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
  joined = null;
  room().setStatus('idle');
}
