import { z } from 'zod';
import { ZApiError, ZCommandId } from './common.js';
import { ZGameView, ZMyCharacterResponse, ZPatchGameRequest } from './games.js';

/** Bumped when the socket protocol changes incompatibly; checked at handshake. */
export const PROTOCOL_VERSION = 1;
/** Socket messages above this size are refused. */
export const MAX_SOCKET_MESSAGE_BYTES = 64 * 1024;

export const SocketClose = {
  UNAUTHORIZED: 'unauthorized',
  REVOKED: 'session_revoked',
  GAME_DELETED: 'game_deleted',
} as const;

export const ZSnapshotReason = z.enum([
  'sync',
  'player_joined',
  'player_removed',
  'character_assigned',
  'character_unassigned',
  'game_started',
  'phase_changed',
  'settings_changed',
  'leader_changed',
  'vote_removed',
  'suspect_vote_counted',
  'suspects_revealed',
  'defence_started',
  'defence_ended',
  'final_vote_counted',
  'game_completed',
]);
export type TSnapshotReason = z.infer<typeof ZSnapshotReason>;

/** `serverTime` (ms since epoch) lets phones estimate clock skew for the server-synced defence countdown. */
export const ZRoomSnapshotEvent = z.object({ version: z.number().int(), reason: ZSnapshotReason, serverTime: z.number(), game: ZGameView });
export type TRoomSnapshotEvent = z.infer<typeof ZRoomSnapshotEvent>;
export const ZMeUpdatedEvent = z.object({ gameId: z.uuid(), version: z.number().int(), me: ZMyCharacterResponse });
export const ZPresenceEvent = z.object({ gameId: z.uuid(), online: z.array(z.uuid()) });
export const ZGameDeletedEvent = z.object({ gameId: z.uuid() });

export const ZGameRef = z.object({ gameId: z.uuid() });

/** Socket commands carry the same payloads as their REST twins, plus the game id. */
export const ZSocketPatchGame = z.intersection(ZGameRef, ZPatchGameRequest);
export const ZSocketAssign = ZGameRef.extend({ playerId: z.uuid(), characterId: z.string().min(1).max(100), commandId: ZCommandId });
export const ZSocketUnassign = ZGameRef.extend({ playerId: z.uuid(), commandId: ZCommandId });
export const ZSocketRemoveVote = ZGameRef.extend({ playerId: z.uuid(), commandId: ZCommandId });
export const ZSocketSuspectVotes = ZGameRef.extend({ suspects: z.array(z.uuid()), commandId: ZCommandId });
export const ZSocketFinalVote = ZGameRef.extend({ phase: z.literal(99), suspectId: z.uuid(), commandId: ZCommandId });

export type TAck<T = unknown> = { ok: true; data: T } | { ok: false; error: z.infer<typeof ZApiError> & { status: number } };
type Ack<T = unknown> = (res: TAck<T>) => void;

export const ZJoinAckData = z.object({ game: ZGameView, me: ZMyCharacterResponse.nullable(), online: z.array(z.uuid()), serverTime: z.number() });
export type TJoinAckData = z.infer<typeof ZJoinAckData>;

export interface ServerToClientEvents {
  'room:snapshot': (e: TRoomSnapshotEvent) => void;
  'me:updated': (e: z.infer<typeof ZMeUpdatedEvent>) => void;
  'presence:updated': (e: z.infer<typeof ZPresenceEvent>) => void;
  'game:deleted': (e: z.infer<typeof ZGameDeletedEvent>) => void;
}

export interface ClientToServerEvents {
  /** Join the game's room; answers the current snapshot (and the caller's private view). Also used to resync. */
  'game:join': (p: z.infer<typeof ZGameRef>, ack: Ack<TJoinAckData>) => void;
  'game:patch': (p: z.infer<typeof ZSocketPatchGame>, ack: Ack) => void;
  'character:assign': (p: z.infer<typeof ZSocketAssign>, ack: Ack) => void;
  'character:unassign': (p: z.infer<typeof ZSocketUnassign>, ack: Ack) => void;
  'vote:remove': (p: z.infer<typeof ZSocketRemoveVote>, ack: Ack) => void;
  'vote:suspects': (p: z.infer<typeof ZSocketSuspectVotes>, ack: Ack) => void;
  'vote:final': (p: z.infer<typeof ZSocketFinalVote>, ack: Ack) => void;
}

export const SERVER_EVENTS = ['room:snapshot', 'me:updated', 'presence:updated', 'game:deleted'] as const;
