import { applyPatch, decodeRoomDelta, decodeSeatDelta, deltaFrom, ROOM_DELTA, SEAT_DELTA, type TGameView, type TMyCharacterResponse, type TSyncAckData, type TWireDelta } from '@ss/protocol';
import { emitAck, type ClientSocket } from './harness.js';

/** One change of the public view as a phone saw it: the deltas applied, and the view they led to. */
export interface ViewChange {
  from: number;
  to: number;
  version: number;
  /** The event types of the commit(s) (e.g. 'player_joined', 'suspect_ballot_cast', 'suspects_revealed'). */
  events: string[];
  game: TGameView;
}

interface Tracker {
  game: TGameView;
  listeners: Set<(c: ViewChange) => void>;
  gaps: number;
  /** The seat's own view, exact as of the game version `meVersion`. */
  me: TMyCharacterResponse | null;
  meVersion: number;
  meListeners: Set<(me: TMyCharacterResponse | null) => void>;
}

const trackers = new WeakMap<ClientSocket, Tracker>();

/**
 * Follows a game's public view on a test phone as the web client does: starts from the join answer, applies
 * every pushed room delta (decoded from its compact form) whose `from` is the phone's version, and asks `game:sync` when versions were skipped or a
 * heartbeat (`room:version`) says the game is ahead.
 */
export function trackRoom(socket: ClientSocket, game: TGameView, me: TMyCharacterResponse | null = null): void {
  const t: Tracker = { game, listeners: new Set(), gaps: 0, me, meVersion: game.version, meListeners: new Set() };
  trackers.set(socket, t);
  const emit = (c: ViewChange) => t.listeners.forEach((l) => l(c));
  const setMe = (next: TMyCharacterResponse | null, version: number) => {
    t.me = next;
    t.meVersion = version;
    t.meListeners.forEach((l) => l(next));
  };
  // The seat's own view follows its patches as the web client does; a patch on top of another version is a gap,
  // answered by the whole view from game:sync.
  socket.on(SEAT_DELTA, (...wire: TWireDelta) => {
    const e = decodeSeatDelta(wire);
    if (e.to <= t.meVersion) return;
    if (e.from === t.meVersion) return setMe(applyPatch(t.me, e.ops), e.to);
    t.gaps++;
    void emitAck<TSyncAckData>(socket, 'game:sync', { gameId: t.game.id, sinceVersion: 0 }).then((ack) => {
      if (ack.ok) setMe(ack.data.me, ack.data.kind === 'delta' ? ack.data.to : ack.data.game.version);
    });
  });
  // The heartbeat: a version ahead of the phone's means a push it never got.
  socket.on('room:version', (e: { gameId: string; version: number }) => {
    if (e.gameId !== t.game.id || e.version <= t.game.version) return;
    t.gaps++;
    void resync(socket, t, []).then((c) => c && emit(c));
  });
  socket.on(ROOM_DELTA, (...wire: TWireDelta) => {
    // A socket follows one game, so a push names none; its players are read from the view at `from`.
    const e = decodeRoomDelta(wire, deltaFrom(wire) === t.game.version ? t.game.players : null, Date.now());
    if (e.to <= t.game.version) return;
    if (t.meVersion === e.from) t.meVersion = e.to;
    if (e.from !== t.game.version) {
      t.gaps++;
      void resync(socket, t, e.events).then((c) => c && emit(c));
      return;
    }
    t.game = applyPatch(t.game, e.ops);
    emit({ from: e.from, to: e.to, version: e.to, events: e.events, game: t.game });
  });
}

async function resync(socket: ClientSocket, t: Tracker, events: string[]): Promise<ViewChange | null> {
  const from = t.game.version;
  const ack = await emitAck<TSyncAckData>(socket, 'game:sync', { gameId: t.game.id, sinceVersion: from });
  if (!ack.ok) return null;
  if (ack.data.kind === 'delta') {
    // Another push may have moved the phone on while the answer travelled.
    if (ack.data.from !== t.game.version) return null;
    t.game = applyPatch(t.game, ack.data.ops);
  } else t.game = ack.data.game;
  return { from, to: t.game.version, version: t.game.version, events, game: t.game };
}

const tracker = (socket: ClientSocket) => {
  const t = trackers.get(socket);
  if (!t) throw new Error('this socket does not follow a game (use joinedSocket)');
  return t;
};

/** The phone's current view of the game. */
export const roomView = (socket: ClientSocket) => tracker(socket).game;
/** The seat's own view as the phone holds it. */
export const roomMe = (socket: ClientSocket) => tracker(socket).me;

/** Resolves with the seat's own view once the predicate holds for it (checked on every change, not before). */
export function waitForMe(socket: ClientSocket, predicate: (me: TMyCharacterResponse) => boolean, timeoutMs = 3000): Promise<TMyCharacterResponse> {
  const t = tracker(socket);
  return new Promise((resolve, reject) => {
    const listener = (me: TMyCharacterResponse | null) => {
      if (!me || !predicate(me)) return;
      clearTimeout(timer);
      t.meListeners.delete(listener);
      resolve(me);
    };
    t.meListeners.add(listener);
    const timer = setTimeout(() => {
      t.meListeners.delete(listener);
      reject(new Error("timed out waiting for a change of the seat's own view"));
    }, timeoutMs);
  });
}

/** How many times the phone had to ask for missed changes. */
export const roomGaps = (socket: ClientSocket) => tracker(socket).gaps;

export function onView(socket: ClientSocket, cb: (c: ViewChange) => void): () => void {
  const t = tracker(socket);
  t.listeners.add(cb);
  return () => t.listeners.delete(cb);
}

/** Resolves with the first change after which the predicate holds (checked on the current view too). */
export function waitForView(socket: ClientSocket, predicate: (c: ViewChange) => boolean, timeoutMs = 3000): Promise<ViewChange> {
  return new Promise((resolve, reject) => {
    const off = onView(socket, (c) => {
      if (!predicate(c)) return;
      clearTimeout(timer);
      off();
      resolve(c);
    });
    const timer = setTimeout(() => {
      off();
      reject(new Error('timed out waiting for a view change'));
    }, timeoutMs);
  });
}

// Any player position a delta may name, for reading pushes whose view at `from` the reader does not hold.
const ANY_PLAYERS = Array.from({ length: 64 }, (_, i) => ({ id: `player#${i}` }));
/**
 * A push as a person reads it: a compact delta decoded to its events and patch with the keys spelled out (so a
 * secrecy check that looks for key names sees them); players named by position stay `player#n`. Other events
 * are returned as they came (their arguments). A delta's items travel as the event's arguments.
 */
export function readablePush(event: string, args: unknown[]): unknown {
  if (event === ROOM_DELTA) return decodeRoomDelta(args, ANY_PLAYERS, Date.now());
  if (event === SEAT_DELTA) return decodeSeatDelta(args);
  return args.length === 1 ? args[0] : args;
}
