import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
// The faces the app uses: Inter 400/600/700, Playfair Display 700, Special Elite. Every weight is one more file on a
// phone's first load, so the screens stick to these (no 500, no 900).
import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-600.css';
import '@fontsource/inter/latin-700.css';
import '@fontsource/playfair-display/latin-700.css';
import '@fontsource/special-elite/latin-400.css';
import './index.css';
import { App } from './App';
import { createAppRouter } from './router';
import { queryClient } from './lib/queryClient';
import { getSessionId } from './lib/session';
import { registerServiceWorker } from './lib/service-worker';

// Every tab gets its session id in the address before the first render (put there with history.replaceState, no reload).
getSessionId();

const router = createAppRouter();
registerServiceWorker();

const container = document.getElementById('root')!;
const app = <App router={router} queryClient={queryClient} />;
// Rendered as a transition so React yields to the browser every few milliseconds instead of holding the main
// thread for the whole first render (the phone stays responsive while the app starts).
startTransition(() => {
  // The landing page and the join form arrive prerendered (build-plugins.ts `prerender`): React adopts that markup
  // instead of replacing it. Any other page, or the offline shell, starts from an empty root.
  const path = window.location.pathname.replace(/(.)\/+$/, '$1');
  if (container.dataset.prerendered === path) hydrateRoot(container, app);
  else createRoot(container).render(app);
});
