import { Loader2 } from 'lucide-react';
import { cn } from '../../lib/cn';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center gap-2 text-paper-300', className)}>
      <Loader2 aria-hidden className="size-5 animate-spin motion-reduce:animate-none" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A centred loading block with a visible label. */
export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 py-16 text-paper-300" role="status" aria-live="polite">
      <Loader2 aria-hidden className="size-8 animate-spin text-lamp-400 motion-reduce:animate-none" />
      <p>{label}</p>
    </div>
  );
}
