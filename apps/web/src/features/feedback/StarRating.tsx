import { Star } from 'lucide-react';
import { cn } from '../../lib/cn';

/**
 * A 1-5 rating as a radio group: arrow keys move between stars, each star has a label, and the chosen value is
 * announced. 0 means not rated yet.
 */
export function StarRating({ label, value, onChange, id }: { label: string; value: number; onChange: (v: number) => void; id: string }) {
  return (
    <div role="radiogroup" aria-labelledby={`${id}-label`} className="flex flex-col gap-1.5">
      <span id={`${id}-label`} className="text-sm font-semibold text-paper-100">
        {label}
      </span>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <button
            key={n}
            type="button"
            role="radio"
            aria-checked={value === n}
            aria-label={`${n} star${n > 1 ? 's' : ''}`}
            tabIndex={value === n || (value === 0 && n === 1) ? 0 : -1}
            onClick={() => onChange(n)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight' || e.key === 'ArrowUp') {
                e.preventDefault();
                onChange(Math.min(5, (value || 0) + 1));
              } else if (e.key === 'ArrowLeft' || e.key === 'ArrowDown') {
                e.preventDefault();
                onChange(Math.max(1, (value || 2) - 1));
              }
            }}
            className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg hover:bg-ink-700"
          >
            <Star aria-hidden className={cn('size-7', n <= value ? 'fill-lamp-400 text-lamp-400' : 'text-paper-400')} />
          </button>
        ))}
      </div>
    </div>
  );
}

/** Read-only stars for averages (e.g. 4.3 shows four full stars). */
export function Stars({ value, className }: { value: number; className?: string }) {
  return (
    <span className={cn('inline-flex gap-0.5', className)} role="img" aria-label={`${value} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} aria-hidden className={cn('size-5', n <= Math.round(value) ? 'fill-lamp-400 text-lamp-400' : 'text-paper-400')} />
      ))}
    </span>
  );
}
