/**
 * Registers the service worker that keeps the app shell offline (production builds only: the dev server's
 * modules are not hashed and must never be served from a cache).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // No service worker (private mode, old browser): the game works online as before.
    });
  });
}
