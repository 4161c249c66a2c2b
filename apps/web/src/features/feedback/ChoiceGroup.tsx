import { cn } from '../../lib/cn';

/** One choice among a few, as large tappable radio buttons (thumb-friendly on phones). */
export function ChoiceGroup<T extends string>({
  label,
  options,
  value,
  onChange,
  id,
}: {
  label: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  value: T | null;
  onChange: (v: T) => void;
  id: string;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend id={`${id}-label`} className="mb-2 text-sm font-semibold text-paper-100">
        {label}
      </legend>
      {options.map((o) => (
        <label
          key={o.value}
          className={cn(
            'flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border px-3',
            value === o.value ? 'border-lamp-400 bg-lamp-400/10 text-paper-50' : 'border-ink-500 bg-ink-900 text-paper-200',
          )}
        >
          <input type="radio" name={id} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} className="size-4 accent-[var(--color-lamp-400)]" />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}
