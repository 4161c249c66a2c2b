import type { FastifyStaticOptions } from '@fastify/static';

/** Vite's content-hashed build output: a new build gets new names, so a copy can be kept for a year. */
const HASHED = /\/assets\/[^/]+-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/;

/**
 * How the built web app is served: precompressed brotli/gzip files (written at build time) when the client accepts
 * them; hashed assets cached forever; index.html, the service worker and the manifest revalidated on every load so
 * a deploy reaches phones at once; other public files (icons) for a day.
 */
export function webStaticOptions(root: string): FastifyStaticOptions {
  return {
    root,
    prefix: '/',
    decorateReply: false,
    // Files are looked up per request, so a rebuilt dist is served without a restart.
    wildcard: true,
    // The landing page and the join form are prerendered at build time (apps/web/build-plugins.ts): `/` and `/join`
    // get their page's markup; every other address gets the empty shell index.html (the not-found handler).
    index: ['prerendered.html', 'index.html'],
    preCompressed: true,
    cacheControl: false,
    // Source maps are never served: they would hand out the source.
    allowedPath: (p) => !p.endsWith('.map'),
    setHeaders(res, servedPath) {
      // With preCompressed the path is the .br/.gz twin; the rule is the original file's.
      const filePath = servedPath.replace(/\\/g, '/').replace(/\.(br|gz)$/, '');
      if (HASHED.test(filePath)) res.header('cache-control', 'public, max-age=31536000, immutable');
      else if (/\.(html|webmanifest)$/.test(filePath) || filePath.endsWith('/sw.js')) res.header('cache-control', 'no-cache');
      else res.header('cache-control', 'public, max-age=86400');
    },
  };
}
