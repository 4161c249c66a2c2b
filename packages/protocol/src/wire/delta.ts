import type { PatchOp, PatchPath } from '../engine/patch.js';
import { CODE_TO_KEY, EVENT_TO_CODE, EVENT_TYPES, KEY_TO_CODE } from './codes.js';

/**
 * The pushed deltas in their compact wire form: the same patch operations (engine/patch.ts) and version tags,
 * spelled short, because a ballot reaches every phone of its room and most of a frame was names, not news.
 * - room delta (`d`): `[versions, time, events, ...ops]`; seat delta (`m`): `[versions, ...ops]`, where versions
 *   is `from` when `to` is `from + 1` (one event: a ballot), else `[from, to - from]`.
 * - an op is `path, value` (set) or `0, path` (delete); a path is its keys' codes and indices joined by '.'
 *   (`'b.c'` is suspectVoting.submittedCount), or an array of them when a key has no code (written `~key`).
 * - in values, object keys are codes (`~key` when uncoded) and, in a room delta, a string equal to the id of
 *   the n-th player of the view at `from` is `~n` (both ends hold that view: a phone applies a delta only at
 *   `from`); any other string starting with `~` gets one more `~`.
 * - events: the code of each event type (one number alone when there is one), the name when it has no code.
 * - the public view's `version` always equals `to`: its op is not sent, the decoder adds it.
 * - time: the server's clock in tenths of a second, modulo 640 (three digits at most, where whole milliseconds
 *   took five); the phone restores it next to its own estimate of that clock, which is right while the estimate is
 *   within 32 s. A tenth is finer than anything it serves: the clock-skew estimate behind whole-second countdowns.
 * - on the socket the array's items are the event's arguments (`emit('d', ...wire)`), which spares its brackets.
 * Codes are positions in append-only lists (wire/codes.ts), so an older phone never reads one name as another.
 */
export type TWireDelta = unknown[];

export interface RoomDelta {
  from: number;
  to: number;
  /** Event types of the commit(s), no payloads. */
  events: string[];
  ops: PatchOp[];
  /** The server's clock when it pushed (ms since epoch). */
  serverTime: number;
}
export interface SeatDelta {
  from: number;
  to: number;
  ops: PatchOp[];
}

export class WireError extends Error {}

const TIME_UNIT_MS = 100;
const TIME_WINDOW = 640;
const REF = /^~\d+$/;
type Refs = ReadonlyMap<string, number>;
const NO_REFS: Refs = new Map();

export function encodeRoomDelta(d: RoomDelta, players: readonly { id: string }[]): TWireDelta {
  const refs = new Map(players.map((p, i) => [p.id, i]));
  const events = d.events.map((e) => EVENT_TO_CODE.get(e) ?? e);
  const out: unknown[] = [versions(d), encodeTime(d.serverTime), events.length === 1 ? events[0] : events];
  for (const op of d.ops) {
    if (op.length === 2 && op[0].length === 1 && op[0][0] === 'version' && op[1] === d.to) continue;
    pushOp(out, op, refs);
  }
  return out;
}

export function encodeSeatDelta(d: SeatDelta): TWireDelta {
  const out: unknown[] = [versions(d)];
  for (const op of d.ops) pushOp(out, op, NO_REFS);
  return out;
}

/**
 * Reads a room delta. `players`: the players of the phone's view, which must be the view at `from` (else pass
 * null: the ops are then not decoded, `ops` is empty, and the phone asks for what it missed). `serverNow`: the
 * phone's estimate of the server's clock. Throws WireError on a malformed delta (the phone then resyncs).
 */
export function decodeRoomDelta(wire: unknown, players: readonly { id: string }[] | null, serverNow: number): RoomDelta {
  if (!Array.isArray(wire) || wire.length < 3) throw new WireError('malformed delta');
  const [head, time, events] = wire as unknown[];
  const { from, to } = readVersions(head);
  if (!isInt(time)) throw new WireError('malformed delta');
  const names = (Array.isArray(events) ? events : [events]).map(eventName);
  const ops = players ? readOps(wire, 3, players) : [];
  if (players) ops.push([['version'], to]);
  return { from, to, events: names, ops, serverTime: restoreTime(time, serverNow) };
}

/** The version a delta starts from (to check that the phone holds the view its ops name players in); null if malformed. */
export function deltaFrom(wire: unknown): number | null {
  if (!Array.isArray(wire)) return null;
  const head: unknown = wire[0];
  if (isInt(head)) return head;
  return Array.isArray(head) && isInt(head[0]) ? head[0] : null;
}

export function decodeSeatDelta(wire: unknown): SeatDelta {
  if (!Array.isArray(wire) || wire.length < 1) throw new WireError('malformed delta');
  return { ...readVersions(wire[0]), ops: readOps(wire, 1, []) };
}

/** A delta's versions: `from` alone when `to` is the next one (most commits: one ballot), else `[from, to - from]`. */
const versions = (d: { from: number; to: number }) => (d.to === d.from + 1 ? d.from : [d.from, d.to - d.from]);

function readVersions(v: unknown): { from: number; to: number } {
  if (isInt(v)) return { from: v, to: v + 1 };
  if (Array.isArray(v) && v.length === 2 && isInt(v[0]) && isInt(v[1])) return { from: v[0], to: v[0] + v[1] };
  throw new WireError('malformed versions');
}

export const encodeTime = (ms: number): number => Math.round(ms / TIME_UNIT_MS) % TIME_WINDOW;

/** The clock reading (ms, to the tenth of a second) nearest to `serverNow` whose encoded form is `time`. */
export function restoreTime(time: number, serverNow: number): number {
  const now = serverNow / TIME_UNIT_MS;
  const base = Math.floor(now) - ((((Math.floor(now) - time) % TIME_WINDOW) + TIME_WINDOW) % TIME_WINDOW);
  return (now - base > TIME_WINDOW / 2 ? base + TIME_WINDOW : base) * TIME_UNIT_MS;
}

const isInt = (v: unknown): v is number => Number.isInteger(v);

function eventName(e: unknown): string {
  if (typeof e === 'string') return e;
  if (isInt(e) && e >= 0 && e < EVENT_TYPES.length) return EVENT_TYPES[e] as string;
  throw new WireError('unknown event code');
}

function pushOp(out: unknown[], op: PatchOp, refs: Refs): void {
  if (op.length === 1) out.push(0, encodePath(op[0]));
  else out.push(encodePath(op[0]), encodeValue(op[1], refs));
}

function encodePath(path: PatchPath): string | (string | number)[] {
  const codes: (string | number)[] = [];
  let plain = true;
  for (const seg of path) {
    if (typeof seg === 'number') codes.push(seg);
    else {
      const code = KEY_TO_CODE.get(seg);
      if (code === undefined) plain = false;
      codes.push(code ?? `~${seg}`);
    }
  }
  return plain ? codes.join('.') : codes;
}

function encodeValue(v: unknown, refs: Refs): unknown {
  if (typeof v === 'string') {
    const ref = refs.get(v);
    if (ref !== undefined) return `~${ref}`;
    return v.startsWith('~') ? `~${v}` : v;
  }
  if (Array.isArray(v)) return v.map((x) => encodeValue(x, refs));
  if (typeof v === 'object' && v !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[KEY_TO_CODE.get(k) ?? `~${k}`] = encodeValue(x, refs);
    return out;
  }
  return v;
}

function readOps(wire: unknown[], start: number, players: readonly { id: string }[]): PatchOp[] {
  const ops: PatchOp[] = [];
  for (let i = start; i < wire.length; i += 2) {
    if (i + 1 >= wire.length) throw new WireError('malformed op');
    if (wire[i] === 0) ops.push([decodePath(wire[i + 1])]);
    else ops.push([decodePath(wire[i]), decodeValue(wire[i + 1], players)]);
  }
  return ops;
}

function decodeKey(code: string): string {
  if (code.startsWith('~')) return code.slice(1);
  const key = CODE_TO_KEY.get(code);
  if (key === undefined) throw new WireError(`unknown key code ${code}`);
  return key;
}

function decodePath(p: unknown): PatchPath {
  if (typeof p === 'string') return p.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : decodeKey(s)));
  if (!Array.isArray(p)) throw new WireError('malformed path');
  return p.map((s: unknown) => {
    if (isInt(s)) return s;
    if (typeof s === 'string') return decodeKey(s);
    throw new WireError('malformed path');
  });
}

function decodeValue(v: unknown, players: readonly { id: string }[]): unknown {
  if (typeof v === 'string') {
    if (!v.startsWith('~')) return v;
    if (v.startsWith('~~')) return v.slice(1);
    const player = REF.test(v) ? players[Number(v.slice(1))] : undefined;
    if (!player) throw new WireError('unknown player reference');
    return player.id;
  }
  if (Array.isArray(v)) return v.map((x) => decodeValue(x, players));
  if (typeof v === 'object' && v !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[decodeKey(k)] = decodeValue(x, players);
    return out;
  }
  return v;
}
