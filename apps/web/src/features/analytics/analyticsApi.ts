import { useQuery } from '@tanstack/react-query';
import { ZDailyVotingAnalytics, ZFeedbackAnalytics, ZSuspectVotingAnalytics } from '@ss/protocol';
import { api, ApiRequestError } from '../../lib/api';

/** Admin analytics reads. Each is fetched only while its tab is shown; feedback is read again when older than 30 s. */
export function useSuspectVotingAnalytics(enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'suspect-voting'],
    queryFn: () => api.get('/api/admin/suspect-voting-by-game-size', ZSuspectVotingAnalytics),
    enabled,
  });
}
export function useDailyVotingAnalytics(enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'daily-voting'],
    queryFn: () => api.get('/api/admin/daily-voting-by-game-size', ZDailyVotingAnalytics),
    enabled,
  });
}
export function useFeedbackAnalytics() {
  return useQuery({
    queryKey: ['admin', 'feedback-analytics'],
    queryFn: () => api.get('/api/admin/feedback-analytics', ZFeedbackAnalytics),
    staleTime: 30_000,
  });
}

/** What to tell an admin whose read failed: sign in, not an admin, or try again. */
export function analyticsErrorText(err: unknown): { title: string; message: string } {
  if (err instanceof ApiRequestError && err.status === 401) return { title: 'Please sign in', message: 'Sign in with an administrator account to see analytics.' };
  if (err instanceof ApiRequestError && err.status === 403) return { title: 'Administrators only', message: 'This account cannot see analytics.' };
  return { title: 'Could not load analytics', message: 'Please refresh the page to try again.' };
}

export const pct = (part: number, total: number) => (total > 0 ? Math.round((part / total) * 100) : 0);
export const oneDecimal = (n: number) => (Math.round(n * 10) / 10).toFixed(1);
