import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api';
import { assignmentErrorToast, AUTH_REQUIRED_MESSAGE } from './assignErrors';

const err = (status: number, message?: string) =>
  new ApiRequestError(status, '', '', message ? { error: 'X', message } : null);

describe('assignment error toasts', () => {
  it('403 asks to log in again', () => {
    expect(assignmentErrorToast(err(403, 'Only the host'), 'assign')).toEqual({ title: AUTH_REQUIRED_MESSAGE });
  });
  it('other failures say the assignment failed, with the server reason', () => {
    expect(assignmentErrorToast(err(409, 'Taken'), 'assign')).toEqual({
      title: 'Failed to assign character to player.',
      description: 'Taken',
    });
    expect(assignmentErrorToast(new Error('x'), 'unassign')).toEqual({ title: 'Failed to unassign character from player.' });
  });
});
