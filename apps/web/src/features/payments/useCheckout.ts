import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { TCreateIntentResponse, TCreatePrepurchaseIntentResponse } from '@ss/protocol';
import { ApiRequestError } from '../../lib/api';
import { toast } from '../../store/toast';
import { paymentsApi } from './paymentsApi';

export interface PendingPayment {
  kind: 'purchase' | 'prepurchase';
  provider: 'stripe' | 'dev';
  paymentIntentId: string;
  clientSecret: string;
  publishableKey: string | null;
  amountCents: number;
}

/**
 * The payment flow: create intent → (free: done) → card step with the provider → confirm on the server →
 * /dashboard. Holds the pending card step for the checkout dialog.
 */
export function useCheckout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingPayment | null>(null);
  const [confirming, setConfirming] = useState(false);

  const done = async (kind: 'purchase' | 'prepurchase') => {
    setPending(null);
    await queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    toast(
      kind === 'purchase'
        ? { title: 'Purchase complete', description: 'Your storyline is ready: create your game below.', variant: 'success' }
        : { title: 'Prepurchase confirmed', description: 'We will e-mail you when the storyline is released.', variant: 'success' },
    );
    // After a purchase the host lands on My Games, where the game is created; a prepurchase has nothing to create.
    navigate(kind === 'purchase' ? '/dashboard?tab=mine' : '/dashboard');
  };

  /** Handles a create-intent answer: free → recorded already; paid → open the card step. */
  const start = async (kind: 'purchase' | 'prepurchase', res: TCreateIntentResponse | TCreatePrepurchaseIntentResponse) => {
    if (res.free) return done(kind);
    setPending({
      kind,
      provider: res.provider,
      paymentIntentId: res.paymentIntentId,
      clientSecret: res.clientSecret,
      publishableKey: res.publishableKey,
      amountCents: res.amountCents,
    });
  };

  /** Card accepted by the provider: the server re-checks the payment and records the purchase. */
  const onPaid = async () => {
    if (!pending) return;
    setConfirming(true);
    try {
      await paymentsApi.confirm(pending.paymentIntentId);
      await done(pending.kind);
    } catch (err) {
      paymentFailed(err);
    } finally {
      setConfirming(false);
    }
  };

  return { pending, confirming, start, onPaid, cancel: () => setPending(null) };
}

/** 'Payment Failed' with the server's (or provider's) message when there is one, else 'Payment Error'. */
export function paymentFailed(err: unknown): void {
  if (err instanceof ApiRequestError && err.status < 500) {
    toast({ title: 'Payment Failed', description: err.serverMessage || 'Payment failed', variant: 'destructive' });
    return;
  }
  toast({ title: 'Payment Error', description: 'An error occurred during payment processing', variant: 'destructive' });
}
