import { useState } from 'react';
import { toast } from '../store/toast';
import { errorMessage } from './api';

/**
 * One button's request: `busy` while `run(action, failTitle)` is under way; a failure becomes a toast with the
 * server's message (else `fallback`). Whatever the action does on success (a toast, closing a dialog) it does itself.
 */
export function useBusyAction() {
  const [busy, setBusy] = useState(false);
  async function run(action: () => Promise<unknown>, failTitle: string, fallback = 'Please try again.') {
    setBusy(true);
    try {
      await action();
    } catch (err) {
      toast({ title: failTitle, description: errorMessage(err, fallback), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }
  return { busy, run };
}
