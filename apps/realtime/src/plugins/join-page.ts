import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { JOIN_CODE_LENGTH } from '@ss/protocol';

/** The prerendered join form (apps/web/build-plugins.ts writes it). */
const JOIN_PAGE = path.join('join', 'prerendered.html');

/** The share link's room code, when it is one (letters and digits, at most a code's length), upper-cased. */
export function linkCode(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const code = raw.replace(/\s+/g, '').toUpperCase();
  return code.length > 0 && code.length <= JOIN_CODE_LENGTH && /^[A-Z0-9]+$/.test(code) ? code : null;
}

/**
 * The join form with the link's code already in the room-code field: the phone paints it filled, from the HTML alone,
 * long before the app's script has run (which then adopts the value as if the player had typed it).
 */
export function withRoomCode(html: string, code: string): string {
  return html.replace(/<input\b[^>]*\bname="roomCode"[^>]*>/, (tag) =>
    /\bvalue="[^"]*"/.test(tag)
      ? tag.replace(/\bvalue="[^"]*"/, `value="${code}"`)
      : tag.replace(/\s*\/?>$/, ` value="${code}"/>`),
  );
}

/**
 * `/join?gameId=CODE` (the shared link and its QR code) answers the prerendered form with the code filled in; a plain
 * `/join` gets it as built. Read per request when the build changed (a rebuilt dist is served without a restart).
 */
export function registerJoinPage(app: FastifyInstance, webDistDir: string): void {
  const file = path.join(webDistDir, JOIN_PAGE);
  let cached: { mtimeMs: number; html: string } | null = null;
  const page = (): string | null => {
    try {
      const { mtimeMs } = statSync(file);
      if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: readFileSync(file, 'utf8') };
      return cached.html;
    } catch {
      return null;
    }
  };

  // A web page like the static files (config.webPage): not part of the API's route table.
  app.get('/join', { config: { webPage: true } }, async (req, reply) => {
    const html = page();
    if (html === null) return reply.callNotFound();
    const code = linkCode((req.query as Record<string, unknown>).gameId);
    const body = code ? withRoomCode(html, code) : html;
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding');
    const accepts = String(req.headers['accept-encoding'] ?? '');
    // Brotli like the other prerendered pages; a middle quality, since a filled-in page is compressed per request.
    if (/\bbr\b/.test(accepts)) {
      return reply.header('content-encoding', 'br').send(brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }));
    }
    if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(gzipSync(body));
    return reply.send(body);
  });
}
