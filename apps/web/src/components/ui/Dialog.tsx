import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;

export interface DialogContentProps {
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** 'center' (dialog) or 'bottom' (sheet rising from the bottom, thumb reach on phones). */
  side?: 'center' | 'bottom';
}

/**
 * A dialog's close button: a 44-px icon target named by its label. 'plain' sits in a dialog's header; 'overlay'
 * floats over a full-screen viewer's picture.
 */
export function DialogCloseButton({ label = 'Close', tone = 'plain' }: { label?: string; tone?: 'plain' | 'overlay' }) {
  return (
    <RadixDialog.Close
      className={cn(
        'inline-flex min-h-11 min-w-11 items-center justify-center',
        tone === 'plain' ? 'rounded-lg text-paper-300 hover:bg-ink-700 hover:text-paper-50' : 'shrink-0 rounded-full bg-ink-800/80 text-paper-50 hover:bg-ink-700',
      )}
      aria-label={label}
    >
      <X aria-hidden className={tone === 'plain' ? 'size-5' : 'size-6'} />
    </RadixDialog.Close>
  );
}

export function DialogContent({ title, description, children, className, side = 'center' }: DialogContentProps) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/70 backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
      <RadixDialog.Content
        className={cn(
          'fixed z-50 flex max-h-[90dvh] flex-col overflow-hidden border border-ink-500 bg-ink-800 text-paper-100 shadow-2xl focus:outline-none',
          side === 'center'
            ? 'top-1/2 left-1/2 w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-2xl data-[state=open]:animate-fade-in'
            : 'inset-x-0 bottom-0 rounded-t-2xl pb-safe data-[state=open]:animate-slide-up sm:left-1/2 sm:max-w-xl sm:-translate-x-1/2',
          className,
        )}
      >
        <div className="flex items-start justify-between gap-3 border-b border-ink-600 p-4">
          <div className="min-w-0">
            <RadixDialog.Title className="font-display text-xl font-bold text-paper-50">{title}</RadixDialog.Title>
            {description ? (
              <RadixDialog.Description className="mt-1 text-sm text-paper-300">{description}</RadixDialog.Description>
            ) : (
              <RadixDialog.Description className="sr-only">{typeof title === 'string' ? title : 'Dialog'}</RadixDialog.Description>
            )}
          </div>
          <DialogCloseButton />
        </div>
        <div className="overflow-y-auto p-4">{children}</div>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
