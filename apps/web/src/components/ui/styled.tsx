import type { ComponentPropsWithoutRef, ElementType } from 'react';
import { cn } from '../../lib/cn';

/**
 * A Radix part wearing this app's classes: `styled(RadixTabs.List, '…')` is a component with the part's own props.
 * A caller's className comes last, so it can add to (or override) the base classes.
 */
export function styled<T extends ElementType>(Part: T, ...classes: string[]) {
  const Element: ElementType = Part;
  return function Styled({ className, ...rest }: ComponentPropsWithoutRef<T> & { className?: string }) {
    return <Element className={cn(...classes, className)} {...rest} />;
  };
}
