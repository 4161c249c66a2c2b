import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFor, createServices, signupHost, startServer, TEST_MODE, uniqueEmail, type TestServer } from './harness.js';
import { completedGame, recordVotes, startedGame, type PlayedGame } from './completed-game.js';

/** A real SMTP receiver on loopback: every message it accepts, raw. `rejectFirst` fails the first N deliveries. */
interface Inbox {
  url: string;
  messages: Array<{ to: string[]; raw: string }>;
  rejectNext: number;
  close(): Promise<void>;
}
async function startInbox(): Promise<Inbox> {
  const inbox: Inbox = { url: '', messages: [], rejectNext: 0, close: async () => undefined };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (inbox.rejectNext > 0) {
          inbox.rejectNext--;
          const err = Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 });
          return callback(err);
        }
        inbox.messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  inbox.url = `smtp://127.0.0.1:${port}`;
  inbox.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return inbox;
}

/** The base64 PDF part of a MIME message, decoded. */
function pdfAttachment(raw: string): Buffer {
  const m = /Content-Type: application\/pdf[^\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/i.exec(raw);
  if (!m?.[1]) throw new Error('no PDF attachment in message');
  return Buffer.from(m[1].replace(/\s+/g, ''), 'base64');
}

/** A ToUnicode CMap as code -> text (the bfchar and bfrange forms PDFKit writes). */
function parseCmap(body: string): Map<number, string> {
  const map = new Map<number, string>();
  const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');
  for (const block of body.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
      const lo = parseInt(m[1]!, 16);
      const hi = parseInt(m[2]!, 16);
      const dst = m[3]!;
      if (dst.startsWith('[')) [...dst.matchAll(/<([0-9a-fA-F]+)>/g)].forEach((h, i) => map.set(lo + i, utf16(h[1]!)));
      else for (let c = lo, u = parseInt(dst.slice(1, -1), 16); c <= hi; c++, u++) map.set(c, String.fromCodePoint(u));
    }
  }
  for (const block of body.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(parseInt(m[1]!, 16), utf16(m[2]!));
  }
  return map;
}

/**
 * Text of an uncompressed pdfkit document: its TJ strings in order, decoded with the ToUnicode map of the font in
 * use (embedded fonts write glyph ids, not characters), whitespace collapsed. The TJ array is taken as any run
 * without brackets: a pattern that spells out its numbers backtracks exponentially over a font's width arrays.
 */
function pdfText(pdf: Buffer): string {
  const s = pdf.toString('latin1');
  const objects = new Map<number, string>();
  for (const m of s.matchAll(/(\d+) 0 obj([\s\S]*?)endobj/g)) objects.set(Number(m[1]), m[2] ?? '');
  const cmaps = new Map<number, Map<number, string>>();
  for (const [id, body] of objects) {
    const ref = /\/ToUnicode (\d+) 0 R/.exec(body)?.[1];
    if (ref) cmaps.set(id, parseCmap(objects.get(Number(ref)) ?? ''));
  }
  const fontObj = new Map<string, number>();
  for (const m of s.matchAll(/\/(F\d+) (\d+) 0 R/g)) fontObj.set(m[1]!, Number(m[2]));
  const parts: string[] = [];
  let cmap: Map<number, string> | undefined;
  for (const m of s.matchAll(/\/(F\d+) [\d.]+ Tf|\[([^[\]]*)\]\s*TJ/g)) {
    if (m[1]) {
      cmap = cmaps.get(fontObj.get(m[1]) ?? -1);
      continue;
    }
    const hexes = [...(m[2] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1] ?? '');
    parts.push(
      hexes
        .map((hex) =>
          cmap
            ? (hex.match(/.{4}/g) ?? []).map((g) => cmap!.get(parseInt(g, 16)) ?? '').join('')
            : Buffer.from(hex, 'hex').toString('latin1'),
        )
        .join(''),
    );
  }
  return parts.join(' ').replace(/\s+/g, ' ');
}

async function until<T>(fn: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs: number, what: string): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The secret of the one-time link in a mail (`#t=...`). */
const linkSecret = (raw: string) => {
  // The body may be quoted-printable: soft line breaks and =XX escapes.
  const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  const m = /#t=([A-Za-z0-9_-]{20,})/.exec(text);
  if (!m?.[1]) throw new Error('no link in mail');
  return m[1];
};
const isReport = (m: { raw: string }) => /application\/pdf/i.test(m.raw);
/** Reports (not confirmation mails) the inbox holds for an address. */
const reportsTo = (inbox: Inbox, to: string) => inbox.messages.filter((m) => isReport(m) && m.to.map((t) => t.toLowerCase()).includes(to.toLowerCase()));

/**
 * A player's request: the server mails a confirmation link to the address; opening it (POST /api/reports/confirm)
 * queues the report. Answers the confirmation's answer.
 */
async function requestConfirmed(server: TestServer, inbox: Inbox, gameId: string, to: string, token: string, confirmOn: TestServer = server) {
  const before = inbox.messages.length;
  const res = await apiFor(server)('POST', `/api/games/${gameId}/request-report`, { email: to }, token);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  expect(res.body).toEqual({ queued: false, reason: 'confirmation_sent' });
  const mail = await until(() => inbox.messages.slice(before).find((m) => !isReport(m) && m.to.some((t) => t.toLowerCase() === to.toLowerCase())), 10_000, 'the confirmation mail');
  const confirmed = await apiFor(confirmOn)('POST', '/api/reports/confirm', { token: linkSecret(mail.raw) });
  expect(confirmed.status).toBe(202);
  return confirmed.body;
}

const ADMINS = Array.from({ length: 12 }, () => uniqueEmail('admin'));
let nextAdmin = 0;
const admin = () => ADMINS[nextAdmin++] ?? uniqueEmail('admin');
/** Everyone gets a suspect ballot; the final vote convicts the killer. */
const killerConvicted = (g: { killerSeat: number }, seats: number) => ({
  suspects: Object.fromEntries(Array.from({ length: seats }, (_, i) => [i, [0, 1, 2].map((k) => (i + k + 1) % seats) as [number, number, number]])),
  finals: Object.fromEntries(Array.from({ length: seats }, (_, i) => [i, g.killerSeat])),
});

describe(`game report by e-mail (${TEST_MODE})`, () => {
  let inbox: Inbox;
  let server: TestServer;
  beforeAll(async () => {
    inbox = await startInbox();
    server = await startServer({ env: { ADMIN_EMAILS: ADMINS.join(','), SMTP_URL: inbox.url } });
  });
  afterAll(async () => {
    await server?.close();
    await inbox?.close();
  });

  async function finished(seats = 5): Promise<PlayedGame> {
    const g = await startedGame(server, admin(), seats);
    await recordVotes(server, g, killerConvicted(g, seats));
    return g;
  }

  it('mails a PDF naming the killer and every player, once per address within ten minutes', async () => {
    const g = await finished(5);
    const api = apiFor(server);
    const player = g.seats[2]!;
    const to = uniqueEmail('reader');
    expect(await requestConfirmed(server, inbox, g.gameId, to, player.token)).toEqual({ queued: true });

    const mail = await until(() => reportsTo(inbox, to)[0], 15_000, 'the report mail');
    expect(mail.raw).toMatch(/^Subject: .*Fixture Manor/im);
    const text = pdfText(pdfAttachment(mail.raw));
    const killer = g.seats[g.killerSeat]!;
    expect(text).toContain(killer.characterName);
    expect(text).toContain(`The killer: ${killer.displayName} (${killer.characterName})`);
    for (const s of g.seats) expect(text).toContain(`${s.displayName} - ${s.characterName}`);
    expect(text).toContain('CORRECT');
    // The report names the case the game played (its title, secret until the results).
    expect(text).toContain(`The case: ${g.case.title}`);
    const reveal = g.content.characters.find((c) => c.id === killer.characterId)?.killerRevealStory;
    if (reveal) expect(text).toContain(reveal.replace(/\s+/g, ' ').slice(0, 40));
    for (const d of g.content.days) expect(text).toContain(d.clue.replace(/\s+/g, ' ').slice(0, 30));
    expect(text).toContain(`Game code: ${g.lobby.joinCode}`);

    // Asking again (any letter case) within ten minutes is acknowledged but not sent twice.
    expect(await requestConfirmed(server, inbox, g.gameId, to.toUpperCase(), player.token)).toEqual({ queued: false, reason: 'recently_requested' });
    await sleep(2500);
    expect(reportsTo(inbox, to)).toHaveLength(1);
    void api;

    const row = await server.ctx.db.selectFrom('report_requests').selectAll().where('game_id', '=', g.gameId).execute();
    expect(row).toHaveLength(1);
    expect(row[0]?.status).toBe('sent');
    expect(row[0]?.attempts).toBe(1);
  });

  it('reports a game played to the end through the voting API', async () => {
    const api = apiFor(server);
    const g = await startedGame(server, admin(), 6);
    const host = g.lobby.host.token;
    const setPhase = async (phase: number) =>
      expect((await api('PATCH', `/api/games/${g.gameId}`, { action: 'set-phase', phase, commandId: randomUUID() }, host)).status).toBe(200);
    await setPhase(5);
    // Everyone suspects the first three seats of a fixed preference (killer first) other than themselves.
    const order = [g.killerSeat, ...g.seats.map((_, i) => i).filter((i) => i !== g.killerSeat)];
    for (const [i, seat] of g.seats.entries()) {
      const suspects = order.filter((s) => s !== i).slice(0, 3).map((s) => g.seats[s]!.playerId);
      const res = await api('POST', `/api/games/${g.gameId}/suspect-votes`, { suspects, commandId: randomUUID() }, seat.token);
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    }
    await setPhase(6);
    const top = new Set(order.slice(0, 3));
    for (const [i, seat] of g.seats.entries()) {
      if (top.has(i)) continue;
      const res = await api('POST', `/api/games/${g.gameId}/votes`, { phase: 99, suspectId: g.seats[g.killerSeat]!.playerId, commandId: randomUUID() }, seat.token);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const to = uniqueEmail('played');
    await requestConfirmed(server, inbox, g.gameId, to, g.seats[5]!.token);
    const mail = await until(() => reportsTo(inbox, to)[0], 15_000, 'the report of the played game');
    const text = pdfText(pdfAttachment(mail.raw));
    const killer = g.seats[g.killerSeat]!;
    expect(text).toContain(`Accused: ${killer.displayName} (${killer.characterName})`);
    expect(text).toContain('Winner: The Seekers');
    for (const seat of g.seats) expect(text).toContain(`${seat.displayName} (${seat.characterName}) voted for:`);
    expect(text.match(new RegExp(`accused ${killer.displayName} \\(`, 'g'))).toHaveLength(3);
  });

  it("sends the host's report to the host's own account address, whatever address the request names", async () => {
    const g = await finished(4);
    const other = uniqueEmail('host-reader');
    const res = await apiFor(server)('POST', `/api/games/${g.gameId}/request-report`, { email: other }, g.lobby.host.token);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ queued: true, toAccount: true });
    await until(() => reportsTo(inbox, g.lobby.host.email)[0], 15_000, 'the host report');
    expect(inbox.messages.some((m) => m.to.includes(other))).toBe(false);
  });

  it('refuses bad addresses, outsiders and unfinished games, and queues nothing', async () => {
    const api = apiFor(server);
    const done = await finished(4);
    const token = done.seats[1]!.token;
    for (const email of ['', '   ', 'no-at-sign.example.com', 'a@b.co, c@d.co', 'a@b.co\r\nBcc: c@d.co', 'Ann <a@b.co>', 'a@localhost']) {
      const res = await api<{ message: string }>('POST', `/api/games/${done.gameId}/request-report`, { email }, token);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Please enter a valid email address.');
    }
    const missing = await api<{ message: string }>('POST', `/api/games/${done.gameId}/request-report`, {}, token);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Please enter a valid email address.');
    expect((await api('POST', `/api/games/${done.gameId}/request-report`, { email: 'a@b.c' })).status).toBe(401);
    const stranger = await signupHost(api);
    expect((await api('POST', `/api/games/${done.gameId}/request-report`, { email: 'a@b.c' }, stranger.token)).status).toBe(403);

    const running = await startedGame(server, admin(), 4);
    const early = await api<{ message: string }>('POST', `/api/games/${running.gameId}/request-report`, { email: 'a@b.c' }, running.seats[1]!.token);
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/once the game is complete/);

    const rows = await server.ctx.db.selectFrom('report_requests').select('id').where('game_id', 'in', [done.gameId, running.gameId]).execute();
    expect(rows).toHaveLength(0);
  });

  it('retries a delivery the mail server refused, with backoff, and sends it once', async () => {
    const g = await finished(4);
    const to = uniqueEmail('retry');
    const before = inbox.messages.length;
    const res = await apiFor(server)('POST', `/api/games/${g.gameId}/request-report`, { email: to }, g.seats[1]!.token);
    expect(res.status).toBe(202);
    const confirmation = await until(() => inbox.messages.slice(before).find((m) => m.to.includes(to)), 10_000, 'the confirmation mail');
    inbox.rejectNext = 1;
    expect((await apiFor(server)('POST', '/api/reports/confirm', { token: linkSecret(confirmation.raw) })).status).toBe(202);
    const jobRow = () => server.ctx.db.selectFrom('report_requests').selectAll().where('game_id', '=', g.gameId).executeTakeFirstOrThrow();
    // The refused attempt is recorded and rescheduled (not yet sent)...
    const failedRow = await until(async () => {
      const r = await jobRow();
      return r.last_error ? r : undefined;
    }, 10_000, 'the refused attempt');
    expect(failedRow.last_error).toMatch(/451|unavailable/i);
    // ...then delivered by the retry.
    await until(() => reportsTo(inbox, to)[0], 15_000, 'the retried report');
    const row = await until(async () => {
      const r = await jobRow();
      return r.status === 'sent' ? r : undefined;
    }, 5_000, 'the job marked sent');
    expect(row.attempts).toBe(2);
    expect(reportsTo(inbox, to)).toHaveLength(1);
  });
});

describe(`report queue survives restarts and several instances (${TEST_MODE})`, () => {
  let inbox: Inbox;
  beforeAll(async () => {
    inbox = await startInbox();
  });
  afterAll(async () => inbox?.close());

  it('a request queued just before a restart is sent exactly once by the next server', async () => {
    const services = await createServices();
    try {
      const env = { ADMIN_EMAILS: ADMINS.join(','), SMTP_URL: inbox.url };
      const first = await startServer({ services, env: { ...env, REPORT_DELAY_MS: '5000' } });
      const to = uniqueEmail('restart');
      let gameId = '';
      try {
        const g = await completedGame(first, admin(), 4, {});
        gameId = g.gameId;
        expect(await requestConfirmed(first, inbox, g.gameId, to, g.seats[1]!.token)).toEqual({ queued: true });
      } finally {
        await first.close();
      }
      expect(reportsTo(inbox, to)).toHaveLength(0);

      const second = await startServer({ services, env });
      try {
        await until(() => reportsTo(inbox, to)[0], 15_000, 'the report after restart');
        await sleep(2500);
        expect(reportsTo(inbox, to)).toHaveLength(1);
        const row = await second.ctx.db.selectFrom('report_requests').selectAll().where('game_id', '=', gameId).executeTakeFirstOrThrow();
        expect(row.status).toBe('sent');
        expect(row.attempts).toBe(1);
      } finally {
        await second.close();
      }
    } finally {
      await services.dispose();
    }
  }, 60_000);

  it.skipIf(TEST_MODE !== 'services')('two instances polling one queue send each report exactly once', async () => {
    const services = await createServices();
    const env = { ADMIN_EMAILS: ADMINS.join(','), SMTP_URL: inbox.url };
    const a = await startServer({ services, env });
    const b = await startServer({ services, env });
    try {
      const g = await completedGame(a, admin(), 6, {});
      const addresses = Array.from({ length: 8 }, () => uniqueEmail('pair'));
      // Requests alternate between instances; each instance kicks its own worker at once.
      // Players ask (seat 0, the host, would be mailed at the account); each confirmation is opened on the other
      // instance than the one asked.
      await Promise.all(addresses.map((to, i) => requestConfirmed(i % 2 ? b : a, inbox, g.gameId, to, g.seats[(i % 5) + 1]!.token, i % 2 ? a : b)));
      await until(() => addresses.every((to) => reportsTo(inbox, to).length > 0), 20_000, 'all reports');
      await sleep(2500);
      for (const to of addresses) expect(reportsTo(inbox, to)).toHaveLength(1);
    } finally {
      await a.close();
      await b.close();
      await services.dispose();
    }
  }, 60_000);

  it('without SMTP_URL the report is written to DATA_DIR/outbox as an .eml with the PDF', async () => {
    const services = await createServices();
    const server = await startServer({ services, env: { ADMIN_EMAILS: ADMINS.join(',') } });
    try {
      const g = await completedGame(server, admin(), 4, {});
      const res = await apiFor(server)('POST', `/api/games/${g.gameId}/request-report`, { email: 'outbox@example.com' }, g.seats[1]!.token);
      expect(res.status).toBe(202);
      const dir = path.join(services.dataDir, 'outbox');
      const mails = () => (existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.eml')).map((f) => readFileSync(path.join(dir, f), 'utf8')) : []);
      const confirmation = await until(() => mails().find((m) => !isReport({ raw: m })), 15_000, 'the confirmation .eml');
      expect((await apiFor(server)('POST', '/api/reports/confirm', { token: linkSecret(confirmation) })).status).toBe(202);
      const raw = await until(() => mails().find((m) => isReport({ raw: m })), 15_000, 'the report .eml');
      expect(raw).toMatch(/^To: outbox@example.com/m);
      expect(pdfText(pdfAttachment(raw))).toContain(g.seats[g.killerSeat]!.characterName);
    } finally {
      await server.close();
      await services.dispose();
    }
  });
});
