import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { createServer, type AliasOptions, type Plugin, type Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

/** Where a build writes; known once Vite has resolved its config, and read by hooks that run after that. */
interface BuildOutput {
  root: string;
  dir: string;
}

/** A build-only plugin whose hooks work on the written output (`out` is filled in when the config is resolved). */
function outputPlugin(name: string, hooks: (out: BuildOutput) => Omit<Plugin, 'name' | 'apply' | 'configResolved'>): Plugin {
  const out: BuildOutput = { root: '', dir: 'dist' };
  return {
    name,
    apply: 'build',
    configResolved(config) {
      out.root = config.root;
      out.dir = path.resolve(config.root, config.build.outDir);
    },
    ...hooks(out),
  };
}

/**
 * Writes `file.br` (brotli, max quality) and `file.gz` next to every text asset over 1 kB once the build is done,
 * so the server sends compressed bytes without compressing per request (@fastify/static `preCompressed`).
 * Source maps are left alone: browsers fetch them only with dev tools open.
 */
export function precompress(): Plugin {
  return outputPlugin('ss-precompress', (out) => ({
    closeBundle() {
      for (const file of walk(out.dir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const raw = readFileSync(file);
        if (raw.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }));
        writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
      }
    },
  }));
}

/**
 * Preloads the fonts the first screens paint with, so their requests start with the stylesheet's instead of after
 * the first layout, and the text mostly paints in its own face from the start (no reflow when a face arrives).
 * The other weights load when first used.
 */
export function preloadFonts(patterns: RegExp[]): Plugin {
  return {
    name: 'ss-preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const files = Object.keys(ctx.bundle ?? {}).filter((f) => f.endsWith('.woff2') && patterns.some((p) => p.test(f)));
        return files.map((f) => ({
          tag: 'link',
          attrs: { rel: 'preload', href: `/${f}`, as: 'font', type: 'font/woff2', crossorigin: '' },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * Generates `sw.js` from `sw-template.js`: the app shell to precache (index.html, the prerendered pages, and every
 * file they link: entry and boot scripts, preloaded chunks, stylesheet, preloaded fonts, manifest and icons) and a
 * cache name derived from their hashes, so each deploy installs a fresh cache and drops the old one.
 */
export function serviceWorker(template: string): Plugin {
  return outputPlugin('ss-service-worker', (out) => ({
    writeBundle: {
      order: 'post',
      handler() {
        const outDir = out.dir;
        // Addresses of the prerendered pages (dist/join/prerendered.html -> /join), then the shell itself.
        const pages = walk(outDir)
          .filter((f) => path.basename(f) === PRERENDERED_FILE)
          .map((f) => `/${path.relative(outDir, path.dirname(f)).split(path.sep).join('/')}`.replace(/(.)\/$/, '$1'))
          .sort();
        const htmls = [readFileSync(path.join(outDir, 'index.html'), 'utf8')];
        for (const p of pages) htmls.push(readFileSync(path.join(outDir, p, PRERENDERED_FILE), 'utf8'));
        // Files the heads link (the pages' links to other pages are no files).
        const heads = htmls.map((html) => html.slice(0, html.indexOf('</head>')));
        const linked = heads.flatMap((head) => [...head.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((m) => m[1] as string));
        const shell = ['/index.html', ...pages, ...new Set(linked)].filter((u, i, all) => all.indexOf(u) === i);
        const version = createHash('sha256').update(htmls.join('')).digest('hex').slice(0, 12);
        const source = readFileSync(template, 'utf8')
          .replace('__SHELL__', JSON.stringify(shell))
          .replace('__PAGES__', JSON.stringify(pages))
          .replace('__VERSION__', JSON.stringify(version));
        writeFileSync(path.join(outDir, 'sw.js'), source);
      },
    },
  }));
}

/** The file the server's static plugin sends for a prerendered page's address (`/` and `/join/`). */
export const PRERENDERED_FILE = 'prerendered.html';

interface PrerenderModule {
  PRERENDERED_PATHS: readonly string[];
  PAGE_ROUTES: readonly (readonly [path: string, file: string])[];
  render: (path: string) => string;
}

/** A route's path as a pattern for the whole address (`:param` one segment, an optional trailing slash). */
function routePattern(route: string): string {
  const escaped = route.split('/').map((seg) => (seg.startsWith(':') ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return `^${escaped.join('/')}/?$`;
}

/** A route's page chunks: all of them (to preload), and those that can run before the entry (dependencies first). */
type RouteChunks = [pattern: string, preload: string[], early: string[]];

/**
 * For each lazy page's route: the chunks its page module needs that the entry does not already load (the page's
 * chunk and its static imports), in the order of the route table; and among them, dependencies first, those that do
 * not import the entry (libraries, schemas), which the boot script can run one task each before the app starts.
 */
function routeChunks(bundle: OutputBundle, root: string, routes: PrerenderModule['PAGE_ROUTES'], entry: string, loaded: Set<string>): RouteChunks[] {
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const needsEntry = new Map<string, boolean>();
  const importsEntry = (file: string): boolean => {
    const known = needsEntry.get(file);
    if (known !== undefined) return known;
    needsEntry.set(file, false); // cycles: decided by the other imports
    const result = `/${file}` === entry || (byFile.get(file)?.imports ?? []).some(importsEntry);
    needsEntry.set(file, result);
    return result;
  };
  const closure = (file: string, seen: Set<string>, order: string[]): void => {
    if (seen.has(file) || loaded.has(`/${file}`)) return;
    seen.add(file);
    for (const dep of byFile.get(file)?.imports ?? []) closure(dep, seen, order);
    order.push(file); // after its dependencies
  };
  return routes
    .filter(([route]) => route !== '*')
    .map(([route, file]): RouteChunks => {
      const id = path.resolve(root, 'src', file);
      const chunk = chunks.find((c) => c.facadeModuleId === id);
      if (!chunk) throw new Error(`prerender: no chunk for ${file}`);
      const order: string[] = [];
      closure(chunk.fileName, new Set(), order);
      return [routePattern(route), order.map((f) => `/${f}`), order.filter((f) => !importsEntry(f)).map((f) => `/${f}`)];
    });
}

/**
 * Writes the landing page and the join form prerendered (`dist/prerendered.html`, `dist/join/prerendered.html`), so a
 * phone paints them from the HTML and the stylesheet alone instead of after ~150 kB of script. index.html stays the
 * empty shell every other address gets.
 *
 * Every page starts the app through a small boot script instead of the entry script (see `bootScript`); the app
 * adopts the prerendered markup (hydrateRoot in main.tsx, for the address named in `data-prerendered`).
 *
 * The markup comes from src/prerender.tsx, loaded through a Vite dev server in SSR mode with the same React plugin
 * and zod alias as the build.
 */
export function prerender(entry: string, alias: AliasOptions): Plugin {
  return outputPlugin('ss-prerender', (out) => ({
    writeBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const { root, dir: outDir } = out;
        const server = await createServer({
          configFile: false,
          root,
          mode: 'production',
          logLevel: 'error',
          plugins: [react()],
          resolve: { alias },
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false, watch: null },
          optimizeDeps: { noDiscovery: true, include: [] },
        });
        let mod: PrerenderModule;
        try {
          mod = (await server.ssrLoadModule(entry)) as PrerenderModule;
        } finally {
          await server.close();
        }

        const built = readFileSync(path.join(outDir, 'index.html'), 'utf8');
        const entryScript = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>\s*/.exec(built);
        if (!entryScript) throw new Error('prerender: no entry script in index.html');
        const app = entryScript[1] as string;
        const preloads = [...built.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
        const chunks = preloads.map((m) => m[1] as string);
        const writeBoot = (source: string): string => {
          const name = `assets/boot-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
          writeFileSync(path.join(outDir, name), source);
          return `<script type="module" src="/${name}"></script>\n    `;
        };

        // The shell: the boot script in place of the entry, whose download still starts with the page's.
        const routes = routeChunks(bundle, root, mod.PAGE_ROUTES, app, new Set([app, ...chunks]));
        const shellBoot = writeBoot(bootScript(app, chunks, routes));
        const shell = built.replace(entryScript[0], `${shellBoot}<link rel="modulepreload" crossorigin href="${app}">\n    `);
        writeFileSync(path.join(outDir, 'index.html'), shell);

        // The prerendered pages: no script downloads before the first paint (the boot script starts them).
        let head = built.replace(entryScript[0], writeBoot(bootScript(app, chunks, null)));
        for (const m of preloads) head = head.replace(m[0], '');
        for (const page of mod.PRERENDERED_PATHS) {
          const html = head.replace(
            '<div id="root"></div>',
            `<div id="root" data-prerendered="${page}">${mod.render(page)}</div>`,
          );
          if (html === head) throw new Error('prerender: no empty root in index.html');
          const dir = path.join(outDir, page);
          mkdirSync(dir, { recursive: true });
          writeFileSync(path.join(dir, PRERENDERED_FILE), html);
        }
      },
    },
  }));
}

/**
 * A boot script: it runs the app's chunks one per task (dependencies first, in the order Vite preloads them), then
 * the entry; all of it in one task would hold a slow phone's main thread for a long stretch (no tap handled, nothing
 * painted).
 *
 * The shell's (`routes` given; its head already preloads the entry and its chunks) first preloads the chunks of
 * the page the address opens, instead of one round trip later when the router asks for them, runs those of them
 * that do not need the entry one task each too (the page would otherwise run them all in one task when its route
 * loads), and starts at once.
 * A prerendered page's (`routes` null) waits for the first contentful paint (as the browser reports it; the next
 * frame where it cannot) and only then starts the downloads, so the stylesheet and the fonts do not share a slow line
 * with ~150 kB of script; a tab opened in the background (no frames painted) starts at once.
 */
function bootScript(entry: string, chunks: string[], routes: RouteChunks[] | null): string {
  const run = `const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
const run = async (early = []) => {
  for (const href of [...${JSON.stringify(chunks)}, ...early]) {
    await import(href);
    await nextTask();
  }
  await import(${JSON.stringify(entry)});
};
const preload = (hrefs) => {
  for (const href of hrefs) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
};`;
  if (routes) {
    return `// Generated by build-plugins.ts (prerender): starts the app from the shell.
${run}
const routes = ${JSON.stringify(routes)};
const [, pageChunks = [], early = []] = routes.find(([pattern]) => new RegExp(pattern).test(location.pathname)) ?? [];
preload(pageChunks);
void run(early);
`;
  }
  return `// Generated by build-plugins.ts (prerender): starts the app on a prerendered page, once it is painted.
${run}
let started = false;
const start = () => {
  if (started) return;
  started = true;
  preload(${JSON.stringify([...chunks, entry])});
  void run();
};
if (document.visibilityState === 'hidden') start();
else if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  // The first contentful paint as the browser reports it, i.e. once it is on the screen.
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
  setTimeout(start, 3000); // never later than this, whatever the browser reports
} else requestAnimationFrame(() => setTimeout(start, 0));
`;
}
