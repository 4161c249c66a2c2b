import { useQuery } from '@tanstack/react-query';
import { ZSeatPreview, type TSeatPreviewQuery } from '@ss/protocol';
import { api, ApiRequestError } from '../../lib/api';

/** The preview parameters an author chose (absent ones take the server's defaults). */
export type SeatPreviewChoice = { [K in keyof TSeatPreviewQuery]?: string };

/** One seat's day as its phone would receive it (admins only), for the storyline and the choices. */
export function useSeatPreview(storylineId: string, choice: SeatPreviewChoice) {
  const query = new URLSearchParams(Object.entries(choice).filter((e): e is [string, string] => !!e[1])).toString();
  return useQuery({
    queryKey: ['admin', 'seat-preview', storylineId, query],
    queryFn: () => api.get(`/api/admin/storylines/${encodeURIComponent(storylineId)}/preview${query ? `?${query}` : ''}`, ZSeatPreview),
    enabled: storylineId !== '',
    placeholderData: (previous) => previous,
  });
}

/** What to tell an author whose preview failed: sign in, not an admin, or the server's reason (a bad choice). */
export function previewErrorText(err: unknown): { title: string; message: string } {
  if (err instanceof ApiRequestError && err.status === 401) return { title: 'Please sign in', message: 'Sign in with an administrator account to preview seats.' };
  if (err instanceof ApiRequestError && err.status === 403) return { title: 'Administrators only', message: 'This account cannot preview seats.' };
  if (err instanceof ApiRequestError && err.serverMessage) return { title: 'Cannot preview that seat', message: err.serverMessage };
  return { title: 'Could not load the preview', message: 'Please refresh the page to try again.' };
}
