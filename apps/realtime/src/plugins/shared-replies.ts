import type { FastifyInstance } from 'fastify';

/**
 * Answers that are immutable values are serialised once, however many requests send them: a game version's
 * public view is the same object for every caller (games/views.ts keeps it), and a command's answer is built from
 * it, so the JSON of a version is written once, not once per ballot or poll. Everything else is serialised as
 * Fastify does by default (JSON.stringify).
 */
const writers = new WeakMap<object, () => string>();
const written = new WeakMap<object, string>();

/** Marks a value that will never change as a shareable answer; `write` builds its JSON (from shared parts). */
export function sharedReply<T extends object>(value: T, write: () => string = () => JSON.stringify(value)): T {
  if (!writers.has(value)) writers.set(value, write);
  return value;
}

/** The JSON of a value: written once if it is a shared answer, else JSON.stringify. */
export function replyJson(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const done = written.get(value);
  if (done !== undefined) return done;
  const write = writers.get(value);
  if (!write) return JSON.stringify(value);
  const json = write();
  written.set(value, json);
  return json;
}

/**
 * A shared answer with a few fields added for one caller (`{ ...base, ...extra }`), written as the base's JSON
 * with the extra fields' JSON appended: a poll of a version serialises only what is the caller's own.
 */
export function extendedReply<B extends object, E extends object>(base: B, extra: E): B & E {
  const value = { ...base, ...extra };
  return sharedReply(value, () => {
    const json = replyJson(base);
    const more = JSON.stringify(extra);
    // A key in both is written twice, and JSON.parse keeps the last one: the same answer as the spread above.
    if (json === '{}' || more === '{}') return JSON.stringify(value);
    return `${json.slice(0, -1)},${more.slice(1)}`;
  });
}

export function registerSharedReplies(app: FastifyInstance): void {
  app.setReplySerializer((payload) => replyJson(payload));
}
