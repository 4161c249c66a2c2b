// The REST phones of `pnpm bench -- --transport rest`, in a worker thread. Real phones are separate devices: a
// phone's send is not held up by another phone's work. In one event loop with the 2,000 socket clients that decode
// every push, the phones' timers could fire late (that loop lagged 45-80 ms at p99 over the burst) and an ack wait
// there to be read. Here the sends keep their own schedule and each ack is timed where it is read. Every answer
// carries `opened`: the connections that request opened.
import { Buffer } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { setTimeout } from 'node:timers';
import { parentPort } from 'node:worker_threads';

/** One kept-alive connection per phone (a polling phone has one before it votes). */
const agents = new Map();
const sockets = new WeakSet();
let opened = 0;

const agentOf = (gameId, token) => {
  const key = `${gameId}:${token}`;
  let agent = agents.get(key);
  if (!agent) agents.set(key, (agent = new http.Agent({ keepAlive: true, maxSockets: 1 })));
  return agent;
};

function call(url, path, { method = 'GET', body, token, agent }) {
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
  const send = () => call(url, `/api/games/${gameId}/suspect-votes`, { method: 'POST', body, token, agent: newConnection ? false : agentOf(gameId, token) });
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
          const res = await call(item.url, `/api/games/${item.gameId}`, { token: item.token, agent: agentOf(item.gameId, item.token) });
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
