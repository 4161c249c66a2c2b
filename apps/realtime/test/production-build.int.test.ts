import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_MODE } from './harness.js';

const appRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

// The production start path: the compiled bundle, run by plain node (no tsx, no TypeScript), finds its storyline
// content and migrations, becomes ready, and exits cleanly on SIGTERM (what a container runtime sends).
describe.runIf(TEST_MODE === 'embedded')('production build', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ss-prod-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('builds dist/server.js and serves from it on a free port, then stops on SIGTERM', async () => {
    const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: appRoot, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    expect(existsSync(path.join(appRoot, 'dist/server.js'))).toBe(true);

    const child = spawn(process.execPath, [path.join(appRoot, 'dist/server.js')], {
      cwd: os.tmpdir(), // paths must not depend on the working directory
      env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no listening line in 90 s:\n${output}`)), 60_000);
      const onData = (d: Buffer) => {
        output += d.toString();
        const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (m?.[1]) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', (code) => reject(new Error(`exited ${code}:\n${output}`)));
    });
    try {
      const ready = await fetch(`${url}/api/health/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ status: 'ready', database: 'pglite', live: 'memory' });
      // The real storylines were found, validated and seeded from the content dir next to dist/.
      const storylines = (await (await fetch(`${url}/api/storylines`)).json()) as { id: string }[];
      expect(storylines.length).toBeGreaterThan(0);
      const signup = await fetch(`${url}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ displayName: 'Prod', email: `prod-${Date.now()}@example.com`, password: 'Sup3r-secret!' }),
      });
      expect(signup.status).toBe(201); // migrations ran: the users table exists
    } finally {
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  }, 150_000);
});
