import { forwardRef, type InputHTMLAttributes, type LabelHTMLAttributes, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

export function Label({ className, ...rest }: LabelHTMLAttributes<HTMLLabelElement>) {
  return <label className={cn('text-sm font-semibold text-paper-100', className)} {...rest} />;
}

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className, ...rest },
  ref,
) {
  return (
    <input
      ref={ref}
      className={cn(
        'min-h-12 w-full rounded-lg border border-ink-500 bg-ink-900 px-3 text-base text-paper-50 placeholder:text-paper-400/80',
        'focus-visible:border-lamp-400 disabled:opacity-60 aria-[invalid=true]:border-blood-400',
        className,
      )}
      {...rest}
    />
  );
});

export interface FieldProps {
  id: string;
  label: ReactNode;
  /** An id for the label, for a control that names itself with aria-labelledby (a Select). */
  labelId?: string;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** Label + control + optional hint, stacked. */
export function Field({ id, label, labelId, hint, children, className }: FieldProps) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label id={labelId} htmlFor={id}>
        {label}
      </Label>
      {children}
      {hint ? (
        <div id={`${id}-hint`} className="text-sm text-paper-300">
          {hint}
        </div>
      ) : null}
    </div>
  );
}
