import { z } from 'zod';
import { ZApiError, ZCommandId } from './common.js';
import { ZGameView, ZMyCharacterResponse, ZPatchGameRequest } from './games.js';
import type { TWireDelta } from './wire/delta.js';
import { ZRejoinDecisionRequest, type TSeatMovedEvent } from './seats.js';
import { ZDealCastRequest, ZEndDefenceRequest, ZSetCoHostRequest, ZStartDefenceRequest } from './table.js';
import { ZAdvanceRevealRequest, ZSeatLateArrivalRequest, ZTakeOverRequest } from './table-live.js';
import { ZPushHintRequest } from './host-kit.js';

/** Bumped when the socket protocol changes incompatibly; checked at handshake. */
export const PROTOCOL_VERSION = 2;
/** Socket messages above this size are refused. */
export const MAX_SOCKET_MESSAGE_BYTES = 64 * 1024;

/** Why the server refused a socket's handshake (the connect_error's message); the client acts on these, not on text. */
export const SocketRefusal = {
  /** The token is missing, invalid, expired or revoked. */
  UNAUTHORIZED: 'unauthorized',
  /** The client speaks another PROTOCOL_VERSION: it must reload. */
  PROTOCOL_MISMATCH: 'protocol_mismatch',
  /** Too many sockets open with this token or from this address: close another tab or phone, then retry. */
  TOO_MANY_SOCKETS: 'too_many_sockets',
} as const;

const ZPatchPath = z.array(z.union([z.string(), z.number()]));
/** One operation of a view patch (engine/patch.ts): `[path, value]` sets, `[path]` deletes. */
export const ZPatchOp = z.union([z.tuple([ZPatchPath, z.unknown()]), z.tuple([ZPatchPath])]);

/**
 * Pushes of a game's changes, in the compact form of wire/delta.ts (encodeRoomDelta / decodeRoomDelta): `d`, what
 * changed in the public view from version `from` to `to`, to the game's room after each commit (one push per game
 * per commit, however many commands it held), with the event types (no payloads) and the server's clock (phones
 * estimate clock skew from it for the server-synced defence countdown). A phone at version `from` applies the
 * ops; any other asks `game:sync` for what it missed. A socket follows one game at a time (game:join leaves the
 * one it followed before), so a push needs no game id.
 */
export const ROOM_DELTA = 'd';
/**
 * `m`: a seat's own view changed in the commit from version `from` to `to`: the patch of that view, to the seat's
 * phones only, sent just before the commit's room delta. A phone whose own view is exact as of `from` applies it;
 * any other asks game:sync, which answers the whole view. The whole view travels only on join and sync.
 */
export const SEAT_DELTA = 'm';
/** A small periodic beat with each followed game's version, so a phone that missed a push notices and syncs. */
export const ZRoomVersionEvent = z.object({ gameId: z.uuid(), version: z.number().int() });
/**
 * One seat came online or went offline: one change per join or leave (the whole list travels only in the
 * game:join answer), so presence costs each phone a constant amount per change and the room linear in its size.
 */
export const ZPresenceChangedEvent = z.object({ gameId: z.uuid(), playerId: z.uuid(), online: z.boolean() });
export type TPresenceChangedEvent = z.infer<typeof ZPresenceChangedEvent>;
export const ZGameDeletedEvent = z.object({ gameId: z.uuid() });

export const ZGameRef = z.object({ gameId: z.uuid() });
export const ZSyncRequest = ZGameRef.extend({ sinceVersion: z.number().int().min(0) });

/** Socket commands carry the same payloads as their REST twins, plus the game id. */
export const ZSocketPatchGame = z.intersection(ZGameRef, ZPatchGameRequest);
export const ZSocketAssign = ZGameRef.extend({ playerId: z.uuid(), characterId: z.string().min(1).max(100), commandId: ZCommandId });
export const ZSocketUnassign = ZGameRef.extend({ playerId: z.uuid(), commandId: ZCommandId });
export const ZSocketRemoveVote = ZGameRef.extend({ playerId: z.uuid(), commandId: ZCommandId });
export const ZSocketSuspectVotes = ZGameRef.extend({ suspects: z.array(z.uuid()), commandId: ZCommandId });
export const ZSocketFinalVote = ZGameRef.extend({ phase: z.literal(99), suspectId: z.uuid(), commandId: ZCommandId });
export const ZSocketRejoinDecision = ZGameRef.extend(ZRejoinDecisionRequest.shape);
export const ZSocketSetCoHost = ZGameRef.extend(ZSetCoHostRequest.shape);
export const ZSocketStartDefence = ZGameRef.extend(ZStartDefenceRequest.shape);
export const ZSocketEndDefence = ZGameRef.extend(ZEndDefenceRequest.shape);
export const ZSocketDealCast = ZGameRef.extend(ZDealCastRequest.shape);
export const ZSocketAdvanceReveal = ZGameRef.extend(ZAdvanceRevealRequest.shape);
export const ZSocketSeatLateArrival = ZGameRef.extend({ arrivalId: z.uuid(), ...ZSeatLateArrivalRequest.shape });
export const ZSocketTakeOver = ZGameRef.extend(ZTakeOverRequest.shape);
export const ZSocketPushHint = ZGameRef.extend(ZPushHintRequest.shape);

export type TAck<T = unknown> = { ok: true; data: T } | { ok: false; error: z.infer<typeof ZApiError> & { status: number } };
type Ack<T = unknown> = (res: TAck<T>) => void;

export const ZJoinAckData = z.object({ game: ZGameView, me: ZMyCharacterResponse.nullable(), online: z.array(z.uuid()), serverTime: z.number() });
export type TJoinAckData = z.infer<typeof ZJoinAckData>;
/** The answer to game:sync: the changes since the phone's version, or the whole view when they are too old. */
export const ZSyncAckData = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('delta'), from: z.number().int(), to: z.number().int(), ops: z.array(ZPatchOp), me: ZMyCharacterResponse.nullable(), serverTime: z.number() }),
  z.object({ kind: z.literal('snapshot'), game: ZGameView, me: ZMyCharacterResponse.nullable(), serverTime: z.number() }),
]);
export type TSyncAckData = z.infer<typeof ZSyncAckData>;

export interface ServerToClientEvents {
  [ROOM_DELTA]: (e: TWireDelta) => void;
  'room:version': (e: z.infer<typeof ZRoomVersionEvent>) => void;
  [SEAT_DELTA]: (e: TWireDelta) => void;
  'presence:changed': (e: TPresenceChangedEvent) => void;
  /** To a seat's older socket when a newer one of the same seat joined the game: it is closed next. */
  'socket:replaced': (e: { gameId: string }) => void;
  'game:deleted': (e: z.infer<typeof ZGameDeletedEvent>) => void;
  /** To a seat's older phones when the seat moved to another phone (their tokens no longer work). */
  'seat:moved': (e: TSeatMovedEvent) => void;
}

export interface ClientToServerEvents {
  /** Join the game's room; answers the current snapshot (and the caller's private view). Also used to resync. */
  'game:join': (p: z.infer<typeof ZGameRef>, ack: Ack<TJoinAckData>) => void;
  /** The changes since `sinceVersion` (a phone that saw a gap in versions). */
  'game:sync': (p: z.infer<typeof ZSyncRequest>, ack: Ack<TSyncAckData>) => void;
  'game:patch': (p: z.infer<typeof ZSocketPatchGame>, ack: Ack) => void;
  'character:assign': (p: z.infer<typeof ZSocketAssign>, ack: Ack) => void;
  'character:unassign': (p: z.infer<typeof ZSocketUnassign>, ack: Ack) => void;
  'vote:remove': (p: z.infer<typeof ZSocketRemoveVote>, ack: Ack) => void;
  'vote:suspects': (p: z.infer<typeof ZSocketSuspectVotes>, ack: Ack) => void;
  'vote:final': (p: z.infer<typeof ZSocketFinalVote>, ack: Ack) => void;
  'seat:answer': (p: z.infer<typeof ZSocketRejoinDecision>, ack: Ack) => void;
  'table:co-host': (p: z.infer<typeof ZSocketSetCoHost>, ack: Ack) => void;
  'table:defence': (p: z.infer<typeof ZSocketStartDefence>, ack: Ack) => void;
  'table:defence-end': (p: z.infer<typeof ZSocketEndDefence>, ack: Ack) => void;
  'table:deal': (p: z.infer<typeof ZSocketDealCast>, ack: Ack) => void;
  'table:reveal': (p: z.infer<typeof ZSocketAdvanceReveal>, ack: Ack) => void;
  'table:seat-late': (p: z.infer<typeof ZSocketSeatLateArrival>, ack: Ack) => void;
  'table:take-over': (p: z.infer<typeof ZSocketTakeOver>, ack: Ack) => void;
  /** The host (co-host, acting host) pushes a hint card to every phone. */
  'table:hint': (p: z.infer<typeof ZSocketPushHint>, ack: Ack) => void;
}

