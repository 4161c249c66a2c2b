import { lazy, Suspense, useState, type FormEvent } from 'react';
import { DEV_CARDS } from '@ss/protocol';
import { Button, Field, Input, LoadingState } from '../../components/ui';
import { ApiRequestError } from '../../lib/api';
import type { CardFormProps } from './card-form-props';
import { paymentsApi } from './paymentsApi';

// Stripe's scripts are loaded only when the server says the provider is Stripe.
const StripeCardForm = lazy(() => import('./StripeCardForm'));

export function CardForm(props: CardFormProps & { provider: 'stripe' | 'dev' }) {
  if (props.provider === 'stripe') {
    return (
      <Suspense fallback={<LoadingState label="Loading secure payment form…" />}>
        <StripeCardForm {...props} />
      </Suspense>
    );
  }
  return <DevCardForm {...props} />;
}

/** The dev provider's card step: works offline; only the documented test cards are accepted. */
function DevCardForm({ paymentIntentId, amountLabel, onPaid, onFailed, onError }: CardFormProps) {
  const [card, setCard] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      await paymentsApi.devConfirmCard(paymentIntentId, card);
      onPaid();
    } catch (err) {
      if (err instanceof ApiRequestError && (err.status === 402 || err.status === 400) && err.serverMessage) onFailed(err.serverMessage);
      else onError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" data-testid="dev-card-form">
      <p role="note" className="rounded-lg border border-lamp-400/60 bg-lamp-400/10 p-3 text-sm font-semibold text-lamp-200">
        Test mode — no real payment
      </p>
      <Field
        id="dev-card-number"
        label="Card number"
        hint={`Use ${DEV_CARDS.success.replace(/(\d{4})(?=\d)/g, '$1 ')} to pay, or ${DEV_CARDS.declined.replace(/(\d{4})(?=\d)/g, '$1 ')} to see a decline.`}
      >
        <Input
          id="dev-card-number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          value={card}
          onChange={(e) => setCard(e.target.value)}
          aria-describedby="dev-card-number-hint"
          required
        />
      </Field>
      <Button type="submit" size="lg" block disabled={busy || card.trim() === ''}>
        {busy ? 'Processing…' : `Pay ${amountLabel}`}
      </Button>
    </form>
  );
}
