import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMAND_TABLE } from '@ss/protocol';

const SRC = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? sources(path.join(dir, d.name)) : d.name.endsWith('.ts') && !d.name.endsWith('.test.ts') ? [path.join(dir, d.name)] : [],
  );
const files = sources(SRC).map((f) => ({ file: path.relative(SRC, f), text: readFileSync(f, 'utf8') }));

/**
 * Game commands reach the command path only through the command table's builders, except the guest doors (their
 * answers carry a fresh seat token or PIN) and the server's own commands (timers, host presence).
 */
const MAY_RUN_COMMANDS = new Set([
  'modules/games/command-routes.ts',
  'modules/game-runtime/command.ts',
  'modules/games/games.service.ts', // join by room code (guest)
  'modules/seats/seats.service.ts', // rejoin, claim, redeem (guest)
  'modules/table-live/table-live.service.ts', // watch, claim a late seat (guest)
  'modules/table-live/host-presence.ts', // the server notes the host's presence (system)
]);

describe('game command wiring', () => {
  it('no module outside the builders and the guest doors sends a game command', () => {
    const senders = files.filter((f) => /\brunGameCommand\(|\.submit\(/.test(f.text)).map((f) => f.file);
    expect(senders.filter((f) => !MAY_RUN_COMMANDS.has(f))).toEqual([]);
  });

  it('no hand-written route or socket handler for a command of the table', () => {
    // A route by Fastify shorthand (`app.post('/path'`) or a hand-kept schema entry (`'POST /path'`).
    const routes = Object.values(COMMAND_TABLE).map((e) => ({ key: `${e.rest.method} ${e.rest.path}`, by: `.${e.rest.method.toLowerCase()}('${e.rest.path}'` }));
    const events = Object.values(COMMAND_TABLE).flatMap((e) => (e.socket ? [e.socket] : []));
    for (const { file, text } of files) {
      if (file === 'modules/games/command-routes.ts') continue;
      for (const r of routes) expect(text.includes(r.by) || text.includes(`'${r.key}'`), `${file} declares ${r.key}`).toBe(false);
      for (const e of events) expect(text.includes(`'${e}'`), `${file} handles ${e}`).toBe(false);
    }
  });
});
