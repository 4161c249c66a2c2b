import type { ReactNode } from 'react';
import { AlertTriangle, Inbox } from 'lucide-react';

export function ErrorState({ title, message, action }: { title: string; message?: ReactNode; action?: ReactNode }) {
  // A server message that only repeats the title ("Game not found / Game not found") says nothing more.
  if (typeof message === 'string' && message.trim().toLowerCase() === title.trim().toLowerCase()) message = undefined;
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-blood-400/50 bg-blood-700/20 p-6 text-center">
      <AlertTriangle aria-hidden className="size-8 text-blood-300" />
      <p className="font-display text-xl font-bold text-paper-50">{title}</p>
      {message ? <p className="text-paper-200">{message}</p> : null}
      {action}
    </div>
  );
}

export function EmptyState({ title, message, action }: { title: string; message?: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-ink-500 p-8 text-center">
      <Inbox aria-hidden className="size-8 text-paper-400" />
      <p className="font-semibold text-paper-100">{title}</p>
      {message ? <p className="text-paper-300">{message}</p> : null}
      {action}
    </div>
  );
}
