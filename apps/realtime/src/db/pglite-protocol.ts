/** Messages between the server and the worker thread that owns the embedded database (PGlite). */

/** A query runs on the database itself, or inside the open transaction `tx`. */
export type ToWorker =
  | { op: 'query'; id: number; tx: number | null; sql: string; params: unknown[] }
  | { op: 'begin'; id: number }
  | { op: 'end'; id: number; commit: boolean }
  | { op: 'close'; id: number };

/** `error` carries the database error's own fields (its SQLSTATE `code`, `constraint`, `detail`…) and message. */
export type FromWorker =
  | { op: 'ready' }
  | { op: 'failed'; error: WireError }
  | { id: number; ok: true; rows?: unknown[]; affectedRows?: number }
  | { id: number; ok: false; error: WireError };

export type WireError = Record<string, unknown> & { message: string };

/** An error as plain data: a structured clone keeps only an Error's message, and callers read `code` and the rest. */
export function toWire(err: unknown): WireError {
  if (err instanceof Error) {
    const fields: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(err))
      if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) fields[k] = v;
    return { ...fields, name: err.name, message: err.message };
  }
  return { message: String(err) };
}

export function fromWire(wire: WireError): Error {
  const { message, ...fields } = wire;
  return Object.assign(new Error(message), fields);
}
