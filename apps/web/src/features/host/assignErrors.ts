import { ApiRequestError } from '../../lib/api';

export const AUTH_REQUIRED_MESSAGE = 'Authentication required. Please refresh the page and log in again.';

/** Toast for a failed assign/unassign: 'Failed to (un)assign character…', with the server's reason beneath when there is one. */
export function assignmentErrorToast(err: unknown, kind: 'assign' | 'unassign'): { title: string; description?: string } {
  if (err instanceof ApiRequestError && (err.status === 403 || err.status === 401)) {
    return { title: AUTH_REQUIRED_MESSAGE };
  }
  const title = kind === 'assign' ? 'Failed to assign character to player.' : 'Failed to unassign character from player.';
  const reason = err instanceof ApiRequestError ? err.serverMessage : null;
  return reason ? { title, description: reason } : { title };
}
