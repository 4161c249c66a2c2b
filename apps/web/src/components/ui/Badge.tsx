import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export type BadgeVariant = 'default' | 'lamp' | 'success' | 'warning' | 'muted' | 'danger' | 'seeker' | 'shadow';

const variants: Record<BadgeVariant, string> = {
  default: 'border-ink-500 bg-ink-700 text-paper-100',
  lamp: 'border-lamp-400/60 bg-lamp-400/15 text-lamp-200',
  success: 'border-moss-300/50 bg-moss-700/40 text-moss-300',
  warning: 'border-lamp-300/60 bg-lamp-400/20 text-lamp-200',
  muted: 'border-ink-500 bg-ink-600/60 text-paper-300',
  danger: 'border-blood-400/60 bg-blood-700/40 text-blood-300',
  seeker: 'border-seeker/60 bg-seeker/15 text-seeker',
  shadow: 'border-shadow/60 bg-shadow/15 text-shadow',
};

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  variant?: BadgeVariant;
}

export function Badge({ variant = 'default', className, ...rest }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        variants[variant],
        className,
      )}
      {...rest}
    />
  );
}
