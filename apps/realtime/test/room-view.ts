import { applyPatch, type TGameView, type TRoomDeltaEvent, type TSyncAckData } from '@ss/protocol';
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
}

const trackers = new WeakMap<ClientSocket, Tracker>();

/**
 * Follows a game's public view on a test phone as the web client does: starts from the join answer, applies
 * every `room:delta` whose `from` is the phone's version, and asks `game:sync` when versions were skipped.
 */
export function trackRoom(socket: ClientSocket, game: TGameView): void {
  const t: Tracker = { game, listeners: new Set(), gaps: 0 };
  trackers.set(socket, t);
  const emit = (c: ViewChange) => t.listeners.forEach((l) => l(c));
  socket.on('room:delta', (e: TRoomDeltaEvent) => {
    if (e.gameId !== t.game.id || e.to <= t.game.version) return;
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
