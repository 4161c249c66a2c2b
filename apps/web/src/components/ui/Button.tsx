import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import { cn } from '../../lib/cn';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'outline';
export type ButtonSize = 'md' | 'lg' | 'icon';

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold select-none transition-colors ' +
  'disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 ' +
  'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-lamp-300';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-lamp-400 text-ink-950 hover:bg-lamp-300 active:bg-lamp-500 shadow-md shadow-black/30',
  secondary: 'bg-ink-700 text-paper-100 border border-ink-500 hover:bg-ink-600',
  outline: 'border border-lamp-400/70 text-lamp-200 hover:bg-lamp-400/10',
  ghost: 'text-paper-200 hover:bg-ink-700 hover:text-paper-50',
  danger: 'bg-blood-700 text-paper-50 hover:bg-blood-700/85',
};

// Every size keeps a 44-px minimum tap target.
const sizes: Record<ButtonSize, string> = {
  md: 'min-h-11 px-4 py-2 text-[0.95rem]',
  lg: 'min-h-12 px-6 py-3 text-base',
  icon: 'min-h-11 min-w-11 p-2',
};

export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra?: string): string {
  return cn(base, variants[variant], sizes[size], extra);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', block, className, type = 'button', ...rest },
  ref,
) {
  return <button ref={ref} type={type} className={buttonClasses(variant, size, cn(block && 'w-full', className))} {...rest} />;
});

export interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
}

/** A router link that looks like a button. */
export function ButtonLink({ variant = 'primary', size = 'md', block, className, ...rest }: ButtonLinkProps) {
  return <Link className={buttonClasses(variant, size, cn('no-underline', block && 'w-full', className))} {...rest} />;
}
