import { cn } from '../../lib/cn';

/** A name's length as the server counts it, near enough: outer spaces trimmed, inner runs of spaces as one. */
export function nameLength(value: string): number {
  return value.trim().replace(/\s+/g, ' ').length;
}

/**
 * "12 / 24 characters" under a text field while typing, so a limit is never a surprise (no field cuts text silently);
 * past the limit it says by how much, and a screen reader hears that change.
 */
export function LengthHint({ id, value, max }: { id: string; value: string; max: number }) {
  const n = nameLength(value);
  const over = n - max;
  return (
    <p
      id={id}
      className={cn('text-sm', over > 0 ? 'font-semibold text-blood-300' : 'text-paper-300')}
      data-testid="length-hint"
    >
      {n} / {max} characters
      {over > 0 ? (
        <span role="alert">
          {' '}
          · {over} too many: the limit is {max}
        </span>
      ) : null}
    </p>
  );
}
