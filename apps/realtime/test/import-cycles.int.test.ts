import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_MODE } from './harness.js';

// The lint step (`pnpm lint:cycles`) runs dependency-cruiser with the repository's own rules. These tests run that
// same command on two tiny source trees, so a config change that stopped it catching a cycle would fail here.
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..', '..');
const depcruise = path.join(root, 'node_modules', '.bin', 'depcruise');
const work = mkdtempSync(path.join(os.tmpdir(), 'ss-cycles-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function tree(name: string, files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(work, `${name}-`));
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
  return dir;
}

function lintCycles(dir: string) {
  return spawnSync(depcruise, [dir, '--config', '.dependency-cruiser.cjs'], { cwd: root, encoding: 'utf8' });
}

describe.runIf(TEST_MODE === 'embedded')('the import-cycle lint', () => {
  it('fails on two modules that import each other', () => {
    const dir = tree('cycle', {
      'bus.ts': "import { publish } from './publisher.js';\nexport const submit = () => publish();\n",
      'publisher.ts': "import { submit } from './bus.js';\nexport const publish = () => 1;\nexport const again = () => submit();\n",
    });
    const run = lintCycles(dir);
    expect(run.status, run.stdout + run.stderr).not.toBe(0);
    expect(run.stdout).toContain('no-circular');
  });

  it('passes the same modules once the shared piece has its own module', () => {
    const dir = tree('acyclic', {
      'bus.ts': "import { publish } from './publisher.js';\nexport const submit = () => publish();\n",
      'publisher.ts': 'export const publish = () => 1;\n',
    });
    const run = lintCycles(dir);
    expect(run.status, run.stdout + run.stderr).toBe(0);
  });
});
