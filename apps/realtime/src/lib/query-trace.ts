import { AsyncLocalStorage } from 'node:async_hooks';

/** The SQL statements one HTTP request ran, in order (their text, without parameters). */
export interface RequestWork {
  method: string;
  url: string;
  statements: string[];
}

export type WorkListener = (work: RequestWork) => void;

const current = new AsyncLocalStorage<RequestWork>();
const listeners = new Set<WorkListener>();

/**
 * Which statements each request runs, for whoever listens (the security suite checks that a secret changes no
 * request's work). Nothing is recorded while nobody listens, so production pays one Set size check per request.
 */
export const queryTrace = {
  get listening(): boolean {
    return listeners.size > 0;
  },
  /** Runs `fn` (the rest of the request) with a fresh record. */
  begin(method: string, url: string, fn: () => void): RequestWork {
    const work = { method, url, statements: [] };
    current.run(work, fn);
    return work;
  },
  /** Called by the database layer for every statement it executes. */
  record(sql: string): void {
    current.getStore()?.statements.push(sql);
  },
  finish(work: RequestWork): void {
    for (const l of listeners) l(work);
  },
  listen(l: WorkListener): () => void {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};
