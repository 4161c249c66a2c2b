import { z } from 'zod';

/** Machine-readable error codes; the HTTP status of each lives beside it so server and client agree. */
export const ErrorCode = {
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  GAME_DELETED: 'GAME_DELETED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  RATE_LIMITED: 'RATE_LIMITED',
  PAYMENT_REQUIRED: 'PAYMENT_REQUIRED',
  INTERNAL: 'INTERNAL',
  UNAVAILABLE: 'UNAVAILABLE',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const ErrorStatus: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GAME_DELETED: 410,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

/**
 * Every non-OK REST answer and every failed socket ack has this body.
 * `error` is the code (a deleted game's 410 body is exactly `{"error":"GAME_DELETED"}` plus a message),
 * `message` is the text for people (clients act on `error` and `reason`, never on it).
 */
export const ZApiError = z.object({
  error: z.string(),
  message: z.string(),
  path: z.array(z.union([z.string(), z.number()])).optional(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** Why the game's rules refused a command: a code of the engine's `Refusal` list, for clients to act on. */
  reason: z.string().optional(),
});
export type TApiError = z.infer<typeof ZApiError>;

export const ZUuid = z.uuid();
export const ZId = z.string().min(1).max(100);
export const ZIsoDate = z.string();

export const ZOk = z.object({ success: z.literal(true) });
/** A file's bytes in an answer that is not JSON (a PDF, an image): documented as binary. */
export const ZFileBytes = z.custom<Uint8Array>((v) => v instanceof Uint8Array).meta({ type: 'string', format: 'binary' });
/** The `:id` path parameter of every /api/games/{id} route (a malformed id reads as an unknown game). */
export const ZGameParams = z.object({ id: z.uuid({ error: 'Game not found' }).describe('Game id') });
export type TOk = z.infer<typeof ZOk>;

/** Optional client command id: a retried command with the same id is applied once and answers the same. */
export const ZCommandId = z.string().min(8).max(64).optional();
