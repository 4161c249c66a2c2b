import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

/**
 * Writes `file.br` (brotli, max quality) and `file.gz` next to every text asset over 1 kB once the build is done,
 * so the server sends compressed bytes without compressing per request (@fastify/static `preCompressed`).
 * Source maps are left alone: browsers fetch them only with dev tools open.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'ss-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const raw = readFileSync(file);
        if (raw.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }));
        writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
      }
    },
  };
}

/**
 * Preloads the fonts the first screen paints with (body text and headings), so text does not wait for the CSS to
 * be parsed before the font requests start. The other weights load when first used.
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
 * Generates `sw.js` from `sw-template.js`: the app shell to precache (index.html and every file it links:
 * entry script, preloaded chunks, stylesheet, preloaded fonts, manifest and icons) and a cache name derived from
 * their hashes, so each deploy installs a fresh cache and drops the old one.
 */
export function serviceWorker(template: string): Plugin {
  let outDir = 'dist';
  return {
    name: 'ss-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle: {
      order: 'post',
      handler() {
        const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
        const linked = [...html.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((m) => m[1] as string);
        const shell = ['/', ...new Set(linked)];
        const version = createHash('sha256').update(html).digest('hex').slice(0, 12);
        const source = readFileSync(template, 'utf8')
          .replace('__SHELL__', JSON.stringify(shell))
          .replace('__VERSION__', JSON.stringify(version));
        writeFileSync(path.join(outDir, 'sw.js'), source);
      },
    },
  };
}
