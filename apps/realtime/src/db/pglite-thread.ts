import { Worker } from 'node:worker_threads';
import type { PGlite, PGliteQueryOptions, PGliteQueryResults, PGliteTransaction } from 'kysely';
import { fromWire, type FromWorker, type ToWorker } from './pglite-protocol.js';

/** Run from TypeScript sources (tsx, tests) the worker is the .ts file beside this one; in the build, dist's .js. */
const fromSources = import.meta.url.endsWith('.ts');
const workerUrl = new URL(fromSources ? './pglite-worker.ts' : './pglite-worker.js', import.meta.url);

type Answer = Extract<FromWorker, { id: number }>;

/**
 * The embedded database (PGlite, Postgres in WebAssembly) on a worker thread of its own, behind the interface
 * Kysely's PGlite dialect drives. Statements run off the server's event loop: while the database works on a group
 * commit, the server goes on reading ballots and pushing to phones, on another core.
 */
export async function openPGliteThread(dir: string): Promise<PGlite> {
  const worker = fromSources
    ? // TypeScript sources need tsx's loader inside the worker too: neither --import flags nor a test runner's own
      // loader reach a worker thread, so the worker registers it before loading its module.
      new Worker(
        `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(workerUrl.href)}); })`,
        {
          eval: true,
          workerData: { dir },
        },
      )
    : new Worker(workerUrl, { workerData: { dir } });
  const pending = new Map<number, { resolve(a: Answer): void; reject(err: Error): void }>();
  let nextId = 1;
  /** Set once the worker is gone (closed, or died): every later call fails with it. */
  let failure: Error | null = null;

  await new Promise<void>((resolve, reject) => {
    const onMessage = (msg: FromWorker) => {
      if ('id' in msg) return;
      worker.off('message', onMessage);
      if (msg.op === 'ready') resolve();
      else reject(fromWire(msg.error));
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
  });

  worker.on('message', (msg: FromWorker) => {
    if (!('id' in msg)) return;
    const p = pending.get(msg.id);
    pending.delete(msg.id);
    p?.resolve(msg);
  });
  // A worker that dies takes the database with it: every waiting and later call fails with the reason.
  const fail = (err: Error) => {
    failure ??= err;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the database thread exited (code ${code})`)));

  const ask = (msg: ToWorker): Promise<Answer> => {
    if (failure) return Promise.reject(failure);
    return new Promise((resolve, reject) => {
      pending.set(msg.id, { resolve, reject });
      worker.postMessage(msg);
    });
  };
  const answerOf = async (msg: ToWorker): Promise<Answer & { ok: true }> => {
    const a = await ask(msg);
    if (!a.ok) throw fromWire(a.error);
    return a;
  };
  const query = async <T>(
    tx: number | null,
    sql: string,
    params: unknown[] = [],
    options?: PGliteQueryOptions,
  ): Promise<PGliteQueryResults<T>> => {
    if (options?.rowMode === 'array' || options?.blob || options?.parsers || options?.serializers)
      throw new Error('The database thread answers rows as objects only');
    const a = await answerOf({ op: 'query', id: nextId++, tx, sql, params });
    return {
      rows: (a.rows ?? []) as T[],
      fields: [],
      ...(a.affectedRows !== undefined ? { affectedRows: a.affectedRows } : {}),
    };
  };

  return {
    get closed() {
      return failure !== null;
    },
    ready: true,
    waitReady: Promise.resolve(),
    query: (sql, params, options) => query(null, sql, params, options),
    async transaction<T>(callback: (tx: PGliteTransaction) => Promise<T>): Promise<T> {
      const id = nextId++;
      await answerOf({ op: 'begin', id });
      let rolledBack = false;
      const tx: PGliteTransaction = {
        query: (sql, params, options) => query(id, sql, params, options),
        async rollback() {
          rolledBack = true;
        },
      };
      let result: T;
      try {
        result = await callback(tx);
      } catch (err) {
        await answerOf({ op: 'end', id, commit: false }).catch(() => undefined);
        throw err;
      }
      await answerOf({ op: 'end', id, commit: !rolledBack });
      return result;
    },
    async close() {
      if (failure) return;
      await answerOf({ op: 'close', id: nextId++ });
      fail(new Error('the database is closed'));
      await worker.terminate();
    },
  };
}
