import { Dialog, DialogContent, LoadingState } from '../../components/ui';
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
  return (
    <Dialog open={pending !== null} onOpenChange={(open) => (open ? undefined : onCancel())}>
      {pending ? (
        <DialogContent title={pending.kind === 'purchase' ? 'Complete your purchase' : 'Complete your prepurchase'} description={`${title} · ${formatPrice(pending.amountCents)}`}>
          {confirming ? (
            <LoadingState label="Confirming your payment…" />
          ) : (
            <CardForm
              provider={pending.provider}
              paymentIntentId={pending.paymentIntentId}
              clientSecret={pending.clientSecret}
              publishableKey={pending.publishableKey}
              amountLabel={formatPrice(pending.amountCents)}
              onPaid={onPaid}
              onFailed={(message) => toast({ title: 'Payment Failed', description: message, variant: 'destructive' })}
              onError={paymentFailed}
            />
          )}
          <p className="mt-4 text-center text-sm text-paper-300">100% money-back guarantee.</p>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
