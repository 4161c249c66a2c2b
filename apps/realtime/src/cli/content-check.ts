/**
 * Prints the content checker's report for every storyline: `pnpm --filter @ss/realtime content:check [dir]`
 * (default: the app's content folder). Exits 1 when any storyline has an error. The same rules run in the tests.
 * Coming-soon drafts are reported too: their problems are warnings that say what they lack.
 */
import path from 'node:path';
import { invocationDir } from '../env.js';
import { fileURLToPath } from 'node:url';
import { checkStoryline, formatReport } from '../modules/storylines/content-checker.js';
import { loadStorylineContent } from '../modules/storylines/content-loader.js';

const DEFAULT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../content');

export async function contentCheck(dir = DEFAULT_DIR): Promise<{ code: number; output: string }> {
  const storylines = await loadStorylineContent(dir);
  let failed = false;
  const out: string[] = [];
  for (const s of storylines) {
    const report = checkStoryline(s);
    if (report.errors.length > 0) failed = true;
    out.push(formatReport(report), '');
  }
  return { code: failed ? 1 : 0, output: out.join('\n') };
}

if (process.argv[1]?.endsWith('content-check.ts')) {
  const dir = process.argv.slice(2).find((a) => a !== '--');
  const { code, output } = await contentCheck(dir ? path.resolve(invocationDir(), dir) : undefined);
  console.log(output);
  process.exit(code);
}
