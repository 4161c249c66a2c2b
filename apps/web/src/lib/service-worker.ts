/**
 * Registers the service worker that keeps the app shell offline (production builds only: the dev server's
 * modules are not hashed and must never be served from a cache). Once the page has loaded, so its install (which
 * fetches the shell) does not compete with the page's own downloads; the app may start after the load event (a
 * prerendered page starts it after its first paint), then at once.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // No service worker (private mode, old browser): the game works online as before.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
