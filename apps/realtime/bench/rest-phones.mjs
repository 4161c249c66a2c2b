// The REST phones of `pnpm bench -- --transport rest`, in a worker thread. Real phones are separate devices: a
// phone's send is not held up by another phone's work. In one event loop with the 2,000 socket clients that decode
// every push, the phones' timers could fire late (that loop lagged 45-80 ms at p99 over the burst) and an ack wait
// there to be read. Here the sends keep their own schedule and each ack is timed where it is read. Every answer
// carries `opened`: the connections that request opened.
import { Buffer } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { setTimeout } from 'node:timers';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * The HTTP client (`--rest-client`): a minimal one (`raw`, the default) or node:http. On this 2-core machine the load
 * generator shares the cores with the server and Postgres, so what its client costs per ballot is taken from them:
 * node:http cost the load generator 0.33-0.54 ms per REST ballot (undici 0.30-0.35) against 0.18-0.22 for
 * socket.io-client per socket ballot, which made the REST burst look slower than the server made it. The minimal
 * client costs what the socket client does (0.19-0.29).
 */
const CLIENT = workerData?.client === 'node' ? 'node' : 'raw';

/** One kept-alive connection per phone (a polling phone has one before it votes). */
const agents = new Map();
const sockets = new WeakSet();
let opened = 0;

/** A phone's key: its game and its seat's token. */
const phoneKey = (gameId, token) => `${gameId}:${token}`;

const agentOf = (gameId, token) => {
  const key = phoneKey(gameId, token);
  let agent = agents.get(key);
  if (!agent) agents.set(key, (agent = new http.Agent({ keepAlive: true, maxSockets: 1 })));
  return agent;
};

/**
 * A minimal HTTP/1.1 client on a kept-alive TCP connection (as wrk or autocannon send): the request written as one
 * string, the answer read by its Content-Length. One request at a time per connection.
 */
class RawConnection {
  constructor(url) {
    const u = new URL(url);
    this.host = u.host;
    this.port = Number(u.port);
    this.hostname = u.hostname;
    this.socket = null;
    this.pending = null;
    this.buf = Buffer.alloc(0);
  }
  open() {
    const socket = net.connect(this.port, this.hostname);
    socket.setNoDelay(true);
    opened++;
    socket.on('data', (d) => this.onData(d));
    const fail = (err) => {
      if (this.socket === socket) this.socket = null;
      const p = this.pending;
      this.pending = null;
      p?.reject(err ?? new Error('connection closed'));
    };
    socket.on('error', fail);
    socket.on('close', () => fail());
    this.socket = socket;
    this.buf = Buffer.alloc(0);
  }
  onData(d) {
    this.buf = this.buf.length === 0 ? d : Buffer.concat([this.buf, d]);
    const end = this.buf.indexOf('\r\n\r\n');
    if (end < 0 || !this.pending) return;
    const head = this.buf.toString('latin1', 0, end);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    const p = this.pending;
    if (!length) {
      this.pending = null;
      this.socket?.destroy();
      return p.reject(new Error(`raw client: an answer without Content-Length: ${head.slice(0, 200)}`));
    }
    const total = end + 4 + Number(length[1]);
    if (this.buf.length < total) return;
    const status = Number(head.slice(9, 12));
    const text = this.buf.toString('utf8', end + 4, total);
    this.buf = this.buf.subarray(total);
    this.pending = null;
    p.resolve({ status, text });
  }
  request(method, path, token, body) {
    if (!this.socket) this.open();
    const bodyPart = body === undefined ? '' : `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n`;
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.socket.write(`${method} ${path} HTTP/1.1\r\nhost: ${this.host}\r\nauthorization: Bearer ${token}\r\n${bodyPart}\r\n${body ?? ''}`);
    });
  }
}
const raws = new Map();

async function callRaw(url, path, { method = 'GET', body, token, gameId, fresh }) {
  const key = phoneKey(gameId, token);
  let conn = fresh ? null : raws.get(key);
  if (!conn) {
    conn = new RawConnection(url);
    if (!fresh) raws.set(key, conn);
  }
  try {
    return await conn.request(method, path, token, body);
  } finally {
    if (fresh) conn.socket?.end();
  }
}

function call(url, path, opts) {
  return CLIENT === 'raw' ? callRaw(url, path, opts) : callNode(url, path, opts);
}

function callNode(url, path, { method = 'GET', body, token, gameId, fresh }) {
  const agent = fresh ? false : agentOf(gameId, token);
  return new Promise((resolve, reject) => {
    const headers = { authorization: `Bearer ${token}` };
    if (body !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    const req = http.request(`${url}${path}`, { method, agent, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('socket', (s) => {
      if (sockets.has(s)) return;
      sockets.add(s);
      opened++;
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A ballot; a dropped connection is retried once with the same command id, as the web client's API layer does. */
async function ballot({ url, gameId, token, suspects }, newConnection) {
  const body = JSON.stringify({ suspects, commandId: randomUUID() });
  const send = () => call(url, `/api/games/${gameId}/suspect-votes`, { method: 'POST', body, token, gameId, fresh: newConnection });
  const res = await send().catch(async () => {
    await new Promise((r) => setTimeout(r, 50));
    return send();
  });
  return res.status < 300 ? { ok: true } : { ok: false, status: res.status, message: res.text.slice(0, 200) };
}

parentPort.on('message', async (msg) => {
  const before = opened;
  if (msg.kind === 'warm') {
    const queue = [...msg.items];
    await Promise.all(
      Array.from({ length: 400 }, async () => {
        for (let item = queue.shift(); item; item = queue.shift()) {
          const res = await call(item.url, `/api/games/${item.gameId}`, { token: item.token, gameId: item.gameId });
          if (res.status >= 300) throw new Error(`warm-up GET answered ${res.status}`);
        }
      }),
    );
    parentPort.postMessage({ kind: 'warmed', opened: opened - before });
    return;
  }
  if (msg.kind === 'burst') {
    const results = await Promise.all(
      msg.items.map(
        (item) =>
          new Promise((resolve) => {
            setTimeout(async () => {
              const sentAt = Date.now();
              const ack = await ballot(item, msg.newConnections).catch((err) => ({ ok: false, message: String(err) }));
              resolve({ sentAt, ackMs: Date.now() - sentAt, ...ack });
            }, item.delayMs);
          }),
      ),
    );
    parentPort.postMessage({ kind: 'results', results, opened: opened - before });
  }
});
