/**
 * The worker thread that owns the embedded database. PGlite is Postgres compiled to WebAssembly: every statement
 * runs synchronously on the thread that holds it. Here that thread is not the server's, so a big group commit no
 * longer holds up the server's sockets, and the two share the machine's cores.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { toWire, type FromWorker, type ToWorker } from './pglite-protocol.js';

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread');
const send = (msg: FromWorker) => port.postMessage(msg);

/** Open transactions by id, each with the way to end it (resolve: commit; reject: roll back). */
const open = new Map<number, { tx: Transaction; end: (commit: boolean) => void }>();

/** How a transaction is ended without committing (told apart from a failure to commit). */
const ROLLED_BACK = new Error('rolled back');

let db: PGlite;
try {
  db = await PGlite.create((workerData as { dir: string }).dir);
  send({ op: 'ready' });
} catch (err) {
  send({ op: 'failed', error: toWire(err) });
  throw err;
}

port.on('message', (msg: ToWorker) => {
  switch (msg.op) {
    case 'query': {
      const on = msg.tx === null ? db : open.get(msg.tx)?.tx;
      if (!on)
        return send({ id: msg.id, ok: false, error: { message: `transaction ${msg.tx} is not open` } });
      on.query(msg.sql, msg.params, { rowMode: 'object' }).then(
        (r) =>
          send({
            id: msg.id,
            ok: true,
            rows: r.rows,
            ...(r.affectedRows != null ? { affectedRows: r.affectedRows } : {}),
          }),
        (err: unknown) => send({ id: msg.id, ok: false, error: toWire(err) }),
      );
      return;
    }
    case 'begin': {
      // PGlite's transaction holds the database for its callback: other queries wait until it ends, as they do
      // for a transaction on the server's own thread. Its `end` is answered (same id) once it has ended.
      let begun = false;
      db.transaction(
        (tx) =>
          new Promise<void>((resolve, reject) => {
            open.set(msg.id, { tx, end: (commit) => (commit ? resolve() : reject(ROLLED_BACK)) });
            begun = true;
            send({ id: msg.id, ok: true });
          }),
      ).then(
        () => ended(msg.id, null),
        (err: unknown) => ended(msg.id, err === ROLLED_BACK ? null : err, begun),
      );
      return;
    }
    case 'end': {
      const t = open.get(msg.id);
      if (!t) return send({ id: msg.id, ok: false, error: { message: `transaction ${msg.id} is not open` } });
      t.end(msg.commit);
      return;
    }
    case 'close':
      void db.close().then(
        () => send({ id: msg.id, ok: true }),
        (err: unknown) => send({ id: msg.id, ok: false, error: toWire(err) }),
      );
      return;
  }
});

/** A transaction has ended: answers its `end`, or its `begin` if it failed before its callback ran. */
function ended(id: number, err: unknown, begun = true): void {
  open.delete(id);
  if (!begun) return send({ id, ok: false, error: toWire(err) });
  send(err ? { id, ok: false, error: toWire(err) } : { id, ok: true });
}
