import { useState, type FormEvent } from 'react';
import { normalizePromoCode, type TValidateDiscountCodeResponse } from '@ss/protocol';
import { Button, Input, Label } from '../../components/ui';
import { toast } from '../../store/toast';
import { paymentsApi } from './paymentsApi';

export interface AppliedPromo {
  code: string;
  type: 'percentage' | 'fixed_amount';
  value: number;
}

/** Client-side preview only; the server recomputes the price from the code when the intent is created. */
export function applyPromo(priceCents: number, promo: AppliedPromo | null): number {
  if (!promo) return priceCents;
  const off = promo.type === 'percentage' ? Math.round((priceCents * promo.value) / 100) : promo.value;
  return Math.max(0, priceCents - Math.min(priceCents, off));
}

export function promoLabel(p: AppliedPromo): string {
  return p.type === 'percentage' ? `${p.value}% off` : `$${(p.value / 100).toFixed(2)} off`;
}

export function PromoCodeField({ applied, onApplied }: { applied: AppliedPromo | null; onApplied: (p: AppliedPromo | null) => void }) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const normalized = normalizePromoCode(code);
    if (!normalized) return;
    setBusy(true);
    let res: TValidateDiscountCodeResponse;
    try {
      res = await paymentsApi.validateCode(normalized);
    } catch {
      toast({ title: 'Failed to validate promo code', variant: 'destructive' });
      setBusy(false);
      return;
    }
    setBusy(false);
    if (!res.valid || !res.discountType || res.discountValue === null) {
      onApplied(null);
      toast({ title: 'Invalid Promo Code', description: res.message ?? 'This promo code is not valid', variant: 'destructive' });
      return;
    }
    const promo = { code: normalized, type: res.discountType, value: res.discountValue };
    onApplied(promo);
    toast({ title: 'Promo code applied', description: `${normalized}: ${promoLabel(promo)}`, variant: 'success' });
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-1.5">
      <Label htmlFor="promo-code">Promo code</Label>
      <div className="flex gap-2">
        <Input
          id="promo-code"
          autoComplete="off"
          autoCapitalize="characters"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          placeholder="Enter code"
        />
        <Button type="submit" variant="secondary" disabled={busy || code.trim() === ''}>
          {busy ? 'Checking…' : 'Apply'}
        </Button>
      </div>
      {applied ? (
        <p className="flex items-center gap-2 text-sm text-moss-300" data-testid="promo-applied">
          {applied.code} applied: {promoLabel(applied)}
          <button type="button" className="min-h-11 px-2 text-paper-300 underline" onClick={() => onApplied(null)}>
            Remove
          </button>
        </p>
      ) : null}
    </form>
  );
}
