/* Service worker: keeps the app shell on the phone so a player who loses signal mid-game can still open the
 * game; the socket reconnects and the page catches up when the network is back. API calls and pushes always go
 * to the network (never served stale from here). Generated into dist/sw.js by the build (shell list, version). */
const SHELL = __SHELL__;
/** Addresses served prerendered (the landing page, the join form); any other page opens from the empty shell. */
const PAGES = __PAGES__;
const VERSION = __VERSION__;
const CACHE = `ss-shell-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('ss-shell-') && k !== CACHE).map((k) => caches.delete(k))))
      // Page loads go to the network while the worker is still starting (it is asleep when a phone reopens the game).
      .then(() => self.registration.navigationPreload?.enable())
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/socket.io/') || url.pathname === '/metrics') return;

  // Pages: the network first (a new deploy is seen at once); offline, the prerendered copy of this page or the shell.
  if (request.mode === 'navigate') {
    const page = url.pathname.replace(/(.)\/$/, '$1');
    const cached = PAGES.includes(page) ? page : '/index.html';
    event.respondWith(
      Promise.resolve(event.preloadResponse)
        .then((preloaded) => preloaded || fetch(request))
        .catch(() => caches.match(cached, { cacheName: CACHE }).then((hit) => hit || Response.error())),
    );
    return;
  }
  // Hashed build files and storyline art never change under one name: cache first, keep what was fetched, so
  // every screen already opened (the play pages of this game) works offline too.
  if (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/content/') || SHELL.includes(url.pathname)) {
    event.respondWith(
      caches.open(CACHE).then((cache) =>
        cache.match(request).then(
          (hit) =>
            hit ||
            fetch(request).then((res) => {
              if (res.ok) void cache.put(request, res.clone());
              return res;
            }),
        ),
      ),
    );
  }
});
