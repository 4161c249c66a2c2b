#!/usr/bin/env node
// Runs every suite (protocol, realtime in embedded and services mode, web unit, browser) and prints the totals
// as one plain line `N passed, N failed`. Exits non-zero if any suite fails or reports no tests.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const reports = path.join(root, '.data', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const only = process.argv.slice(2);
// A hang guard, far above a suite's normal time (the browser suite takes about 9 minutes on CI, 16 on a slow laptop).
const SUITE_LIMIT_MS = 25 * 60_000;
const suites = [
  { name: 'protocol', cwd: 'packages/protocol', args: [] },
  { name: 'realtime-embedded', cwd: 'apps/realtime', args: [], env: { TEST_MODE: 'embedded' } },
  { name: 'realtime-services', cwd: 'apps/realtime', args: ['test/'], env: { TEST_MODE: 'services' } },
  { name: 'web-unit', cwd: 'apps/web', args: [] },
  { name: 'web-browser', cwd: 'apps/web', args: ['--config', 'vitest.e2e.config.ts'], env: { TEST_MODE: 'embedded' } },
].filter((s) => only.length === 0 || only.includes(s.name));

let passed = 0;
let failed = 0;
const problems = [];
for (const suite of suites) {
  const out = path.join(reports, `${suite.name}.json`);
  console.log(`\n=== ${suite.name} ===`);
  const res = spawnSync(
    'npx',
    ['vitest', 'run', ...suite.args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    {
      cwd: path.join(root, suite.cwd),
      stdio: 'inherit',
      env: { ...process.env, ...suite.env, FORCE_COLOR: '0' },
      // A suite that hangs (a test blocking the event loop never times out inside vitest) must fail the run in
      // minutes, not use up CI's whole allowance.
      timeout: SUITE_LIMIT_MS,
      killSignal: 'SIGKILL',
    },
  );
  if (res.error) problems.push(`${suite.name}: ${res.error.message}`);
  if (!existsSync(out)) {
    problems.push(`${suite.name}: no report (exit ${res.status})`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(out, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  if (res.status !== 0) problems.push(`${suite.name}: exit ${res.status}`);
  if (report.numTotalTests === 0) problems.push(`${suite.name}: ran no test`);
  console.log(`--- ${suite.name}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
}
if (problems.length) console.log(`\nProblems:\n  ${problems.join('\n  ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(problems.length || failed ? 1 : 0);
