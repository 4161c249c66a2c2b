// Compiles the server to dist/ with esbuild: our code and the workspace protocol package (shipped as TypeScript)
// are bundled; every npm dependency stays an import resolved from node_modules at run time, so native and
// data-carrying packages (argon2, PGlite, pdfkit fonts) load exactly as they do in development.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const appRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const pkg = JSON.parse(readFileSync(path.join(appRoot, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((d) => !d.startsWith('@ss/'));

rmSync(path.join(appRoot, 'dist'), { recursive: true, force: true });
await build({
  absWorkingDir: appRoot,
  // dist/ sits beside src/ and content/, so paths resolved from import.meta.url ('..' = the app root) hold in both.
  // The embedded database runs on a worker thread, started from its own file.
  entryPoints: { server: 'src/server.ts', 'admin-grant': 'src/cli/admin-grant.ts', 'pglite-worker': 'src/db/pglite-worker.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((d) => `${d}/*`)],
  logLevel: 'warning',
});
console.log(`built ${path.join(appRoot, 'dist')}/server.js`);
