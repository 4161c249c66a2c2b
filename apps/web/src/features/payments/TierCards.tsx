import type { TPricingTier } from '@ss/protocol';
import { Check } from 'lucide-react';
import { cn } from '../../lib/cn';
import { formatPrice, playerRange } from '../storylines/format';

/** 'Choose Your Player Count': one card per pricing tier, a native radio group underneath for keyboard and screen readers. */
export function TierCards({
  tiers,
  value,
  onChange,
  finalPriceCents,
}: {
  tiers: TPricingTier[];
  value: string | null;
  onChange: (tierId: string) => void;
  /** Price after a promo code for the selected tier, when one is applied. */
  finalPriceCents?: (tier: TPricingTier) => number;
}) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-3 font-display text-2xl font-bold text-paper-50">Choose Your Player Count</legend>
      <div className="grid gap-3 sm:grid-cols-3">
        {tiers.map((t) => {
          const selected = t.id === value;
          const final = finalPriceCents?.(t) ?? t.priceCents;
          return (
            <label
              key={t.id}
              data-testid="tier-card"
              className={cn(
                'relative flex cursor-pointer flex-col gap-1 rounded-xl border p-4 transition-colors',
                'has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-lamp-300',
                selected ? 'border-lamp-400 bg-lamp-400/10' : 'border-ink-600 bg-ink-800/90 hover:border-paper-400',
              )}
            >
              <input
                type="radio"
                name="pricing-tier"
                value={t.id}
                checked={selected}
                onChange={() => onChange(t.id)}
                className="sr-only"
              />
              <span className="font-semibold text-paper-50">{t.displayName}</span>
              <span className="text-sm text-paper-300">{playerRange(t.minPlayers, t.maxPlayers)} · {t.characterLimit} characters</span>
              <span className="mt-1 text-2xl font-bold text-lamp-200">
                {final !== t.priceCents ? (
                  <>
                    <s className="mr-2 text-base font-normal text-paper-400">{formatPrice(t.priceCents)}</s>
                    {formatPrice(Math.max(0, final))}
                  </>
                ) : (
                  formatPrice(t.priceCents)
                )}
              </span>
              {selected ? <Check aria-hidden className="absolute top-3 right-3 size-5 text-lamp-300" /> : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
