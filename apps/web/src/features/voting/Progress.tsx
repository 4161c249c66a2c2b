import * as RadixProgress from '@radix-ui/react-progress';

/** A labelled progress bar (votes submitted). */
export function Progress({ value, label }: { value: number; label: string }) {
  const v = Math.max(0, Math.min(100, value));
  return (
    <RadixProgress.Root value={v} aria-label={label} className="relative h-3 w-full overflow-hidden rounded-full bg-ink-600">
      <RadixProgress.Indicator className="h-full bg-lamp-400 transition-transform duration-500" style={{ transform: `translateX(-${100 - v}%)` }} />
    </RadixProgress.Root>
  );
}
