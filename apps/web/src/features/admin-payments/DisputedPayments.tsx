import { useQuery } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { ZPaymentDisputeList } from '@ss/protocol';
import { api } from '../../lib/api';
import { formatPrice } from '../storylines/format';

export const paymentDisputesKey = ['admin', 'payment-disputes'] as const;

/**
 * Chargebacks opened against our payments (Stripe disputes), flagged at the top of the admin's payments screen:
 * each needs an answer in Stripe's dashboard before its deadline. Shows nothing when there are none.
 */
export function DisputedPayments() {
  const disputes = useQuery({
    queryKey: paymentDisputesKey,
    queryFn: () => api.get('/api/admin/payment-disputes', ZPaymentDisputeList),
  });
  if (!disputes.isSuccess || disputes.data.length === 0) return null;
  return (
    <section aria-labelledby="disputes-title" role="alert" className="mb-6 rounded-xl border border-blood-400/70 bg-blood-700/20 p-4">
      <h2 id="disputes-title" className="flex items-center gap-2 font-display text-lg font-bold text-paper-50">
        <AlertTriangle aria-hidden className="size-5 text-blood-300" />
        {disputes.data.length === 1 ? '1 disputed payment' : `${disputes.data.length} disputed payments`}
      </h2>
      <p className="mt-1 text-sm text-paper-300">A buyer asked their bank to reverse these payments. Answer each dispute in the Stripe dashboard.</p>
      <ul className="mt-3 flex flex-col gap-2">
        {disputes.data.map((d) => (
          <li key={d.id} className="rounded-lg bg-ink-950/60 p-3 text-sm text-paper-100">
            <p className="font-semibold">
              {formatPrice(d.amountCents)} · {d.reason.replace(/_/g, ' ')} · <span className="text-paper-300">{d.status.replace(/_/g, ' ')}</span>
            </p>
            <p className="text-paper-300">
              {d.purchase ? `${d.purchase.storylineTitle} bought by ${d.purchase.buyerEmail}${d.purchase.revoked ? ' (refunded)' : ''}` : 'No purchase was recorded for this payment'}
              {' · '}
              {new Date(d.createdAt).toLocaleDateString()}
            </p>
            <p className="break-all text-xs text-paper-400">
              {d.id} · {d.chargeId}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
