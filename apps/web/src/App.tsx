import { StrictMode } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';

/** A data router: the browser's in the app, a memory router when the build prerenders a page. */
export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The whole React tree, shared by the browser entry and the build-time prerender: hydration adopts the
 * prerendered markup only if both render exactly the same tree.
 */
export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );
}
