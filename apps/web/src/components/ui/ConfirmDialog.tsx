import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useState, type ReactNode } from 'react';
import { buttonClasses, type ButtonVariant } from './Button';

export interface ConfirmDialogProps {
  /** The element that opens the confirmation (rendered with asChild). Omit to control with open/onOpenChange. */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  confirmVariant?: ButtonVariant;
  /** May return a promise; the dialog closes when it settles. */
  onConfirm: () => void | Promise<void>;
  /** Extra content (e.g. a choice to confirm) between the text and the buttons. */
  children?: ReactNode;
  confirmDisabled?: boolean;
}

/** Every confirmation in the app goes through this Radix AlertDialog. */
export function ConfirmDialog({
  trigger,
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  confirmVariant = 'primary',
  onConfirm,
  children,
  confirmDisabled,
}: ConfirmDialogProps) {
  const [innerOpen, setInnerOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const isOpen = open ?? innerOpen;
  const setOpen = (v: boolean) => {
    setInnerOpen(v);
    onOpenChange?.(v);
  };

  return (
    <AlertDialog.Root open={isOpen} onOpenChange={setOpen}>
      {trigger ? <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger> : null}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/70 data-[state=open]:animate-fade-in" />
        <AlertDialog.Content className="fixed inset-x-0 bottom-0 z-50 rounded-t-2xl border border-ink-500 bg-ink-800 p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] text-paper-100 shadow-2xl data-[state=open]:animate-slide-up focus:outline-none sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-full sm:max-w-md sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl">
          <AlertDialog.Title className="font-display text-xl font-bold text-paper-50">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-paper-200">{description}</AlertDialog.Description>
          {children ? <div className="mt-4">{children}</div> : null}
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClasses('secondary', 'md')} disabled={busy}>
              {cancelLabel}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonClasses(confirmVariant, 'md')}
              disabled={busy || confirmDisabled}
              onClick={async (e) => {
                e.preventDefault();
                setBusy(true);
                try {
                  await onConfirm();
                } finally {
                  setBusy(false);
                  setOpen(false);
                }
              }}
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
