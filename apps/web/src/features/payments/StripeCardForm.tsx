import { useMemo, useState, type FormEvent } from 'react';
import { loadStripe } from '@stripe/stripe-js';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { Button } from '../../components/ui';
import type { CardFormProps } from './card-form-props';

/** Stripe Elements card step. Loaded lazily: the Stripe script is fetched only when Stripe is the provider. */
export default function StripeCardForm(props: CardFormProps) {
  const stripePromise = useMemo(() => (props.publishableKey ? loadStripe(props.publishableKey) : null), [props.publishableKey]);
  if (!stripePromise) {
    return <p role="alert">The payment form is not configured. Please try again later.</p>;
  }
  return (
    <Elements stripe={stripePromise} options={{ clientSecret: props.clientSecret, appearance: { theme: 'night' } }}>
      <Inner {...props} />
    </Elements>
  );
}

function Inner({ amountLabel, onPaid, onFailed, onError }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    try {
      const { error, paymentIntent } = await stripe.confirmPayment({ elements, redirect: 'if_required' });
      if (error) onFailed(error.message ?? 'Payment failed');
      else if (paymentIntent?.status === 'succeeded') onPaid();
      else onFailed('Payment failed');
    } catch (err) {
      onError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <PaymentElement />
      <Button type="submit" size="lg" block disabled={busy || !stripe}>
        {busy ? 'Processing…' : `Pay ${amountLabel}`}
      </Button>
    </form>
  );
}
