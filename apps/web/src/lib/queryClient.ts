import { QueryClient } from '@tanstack/react-query';

/**
 * Non-live reads (storylines, dashboard lists): no retries, no refetch on window focus,
 * no polling, data never stale, mutations not retried. Live game state comes from the socket store instead.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity },
    mutations: { retry: false },
  },
});
