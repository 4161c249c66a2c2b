/** What a card form reports: paid (then the page confirms on the server) or a provider failure message. */
export interface CardFormProps {
  paymentIntentId: string;
  clientSecret: string;
  publishableKey: string | null;
  amountLabel: string;
  onPaid: () => void;
  /** Card refused by the provider: 'Payment Failed' with this message. */
  onFailed: (message: string) => void;
  /** Anything else: 'Payment Error'. */
  onError: (err: unknown) => void;
}
