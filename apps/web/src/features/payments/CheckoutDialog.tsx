import { useState } from 'react';
import { Button, Dialog, DialogContent, LoadingState } from '../../components/ui';
import { toast } from '../../store/toast';
import { formatPrice } from '../storylines/format';
import { CardForm } from './PaymentForms';
import { paymentFailed, type PendingPayment } from './useCheckout';

export function CheckoutDialog({
  pending,
  confirming,
  title,
  onPaid,
  onCancel,
}: {
  pending: PendingPayment | null;
  confirming: boolean;
  title: string;
  onPaid: () => void;
  onCancel: () => void;
}) {
  // A refused card (declined, canceled) leaves no purchase: say so plainly and offer the retry in place.
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setFailure(null);
    onCancel();
  };
  return (
    <Dialog open={pending !== null} onOpenChange={(open) => (open ? undefined : close())}>
      {pending ? (
        <DialogContent title={pending.kind === 'purchase' ? 'Complete your purchase' : 'Complete your prepurchase'} description={`${title} · ${formatPrice(pending.amountCents)}`}>
          {confirming ? (
            <LoadingState label="Confirming your payment…" />
          ) : failure ? (
            <div role="alert" className="flex flex-col gap-3 rounded-lg border border-blood-400/70 bg-blood-700/20 p-4">
              <p className="font-semibold text-paper-50">Payment failed — nothing was charged</p>
              <p className="text-sm text-paper-200">{failure}</p>
              <Button size="lg" block onClick={() => setFailure(null)}>
                Try again
              </Button>
              <Button variant="ghost" block onClick={close}>
                Cancel
              </Button>
            </div>
          ) : (
            <CardForm
              provider={pending.provider}
              paymentIntentId={pending.paymentIntentId}
              clientSecret={pending.clientSecret}
              publishableKey={pending.publishableKey}
              amountLabel={formatPrice(pending.amountCents)}
              onPaid={onPaid}
              onFailed={(message) => {
                toast({ title: 'Payment Failed', description: message, variant: 'destructive' });
                setFailure(message);
              }}
              onError={paymentFailed}
            />
          )}
          <p className="mt-4 text-center text-sm text-paper-300">100% money-back guarantee.</p>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
