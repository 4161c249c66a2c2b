import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router-dom';
import { QueryClient } from '@tanstack/react-query';
import { App } from './App';
import { routes } from './router';

// Read by the build too: the page chunks a deep link's boot script preloads.
export { PAGE_ROUTES } from './router';

/**
 * The pages the build prerenders (build-plugins.ts `prerender`): the two a phone opens first, from a link or a QR
 * code. Their markup is the first visit's: signed out, storylines still loading, empty join form.
 */
export const PRERENDERED_PATHS = ['/', '/join'] as const;

/** The markup React renders for `path` on its first render in a fresh tab (read by hydrateRoot in main.tsx). */
export function render(path: string): string {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return renderToString(<App router={router} queryClient={new QueryClient()} />);
}
