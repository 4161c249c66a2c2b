import { z } from 'zod';
import {
  ZConfirmPaymentResponse,
  ZCreateIntentResponse,
  ZCreatePrepurchaseIntentResponse,
  ZDevConfirmCardResponse,
  ZPaymentsConfig,
  ZPricingTierList,
  ZValidateDiscountCodeResponse,
  type TCreateIntentRequest,
  type TCreatePrepurchaseIntentRequest,
} from '@ss/protocol';
import { api } from '../../lib/api';

/** Every payment call of the storyline page; answers parsed with the protocol schemas. */
export const paymentsApi = {
  config: () => api.get('/api/payments/config', ZPaymentsConfig),
  tiers: (storylineId: string) => api.get(`/api/storylines/${encodeURIComponent(storylineId)}/pricing-tiers`, ZPricingTierList),
  validateCode: (code: string) => api.post('/api/validate-discount-code', { code }, ZValidateDiscountCodeResponse),
  createIntent: (body: TCreateIntentRequest) => api.post('/api/payments/create-intent', body, ZCreateIntentResponse),
  createPrepurchaseIntent: (body: TCreatePrepurchaseIntentRequest) =>
    api.post('/api/payments/create-prepurchase-intent', body, ZCreatePrepurchaseIntentResponse),
  devConfirmCard: (paymentIntentId: string, cardNumber: string) =>
    api.post('/api/payments/dev/confirm-card', { paymentIntentId, cardNumber }, ZDevConfirmCardResponse),
  confirm: (paymentIntentId: string) => api.post('/api/payments/confirm', { paymentIntentId }, ZConfirmPaymentResponse),
};

/** A purchase call needs a signed-in user whose id looks like a UUID; each failure has its own message. */
export function userIdProblem(userId: string | undefined | null): string | null {
  if (!userId) return 'You must be logged in to make a purchase. Please sign in and try again.';
  if (!z.uuid().safeParse(userId).success) return 'Invalid user session. Please sign out and sign in again.';
  return null;
}
