import { useState, type FormEvent } from 'react';
import { DISCOUNT_DEFAULTS, type TDiscountType } from '@ss/protocol';
import { Button, DialogContent, Field, Input, Select } from '../../components/ui';
import { wholeNumber } from './discountsApi';

export interface CreateCodeInput {
  name: string;
  prefix: string;
  discountType: TDiscountType;
  discountValue: number;
  daysValid: number;
  usageLimit: number | null;
}

/**
 * The Create Code form (fields: Campaign Name, Code Prefix default SS, Discount Type default percentage, Discount Value,
 * Valid for (days) default 30, Usage Limit optional). The server generates the code and the end-of-day expiry.
 */
export function CreateCodeDialog({ onSubmit, busy }: { onSubmit: (input: CreateCodeInput) => void; busy: boolean }) {
  const [name, setName] = useState('');
  const [prefix, setPrefix] = useState<string>(DISCOUNT_DEFAULTS.prefix);
  const [discountType, setDiscountType] = useState<TDiscountType>(DISCOUNT_DEFAULTS.discountType);
  const [value, setValue] = useState('');
  const [days, setDays] = useState(String(DISCOUNT_DEFAULTS.daysValid));
  const [limit, setLimit] = useState('');

  const discountValue = wholeNumber(value);
  const daysValid = wholeNumber(days);
  const usageLimit = wholeNumber(limit);
  const complete = name.trim() !== '' && prefix.trim() !== '' && discountValue !== null && daysValid !== null && (limit.trim() === '' || usageLimit !== null);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!complete || discountValue === null || daysValid === null) return;
    onSubmit({ name: name.trim(), prefix: prefix.trim().toUpperCase(), discountType, discountValue, daysValid, usageLimit: limit.trim() === '' ? null : usageLimit });
  }

  return (
    <DialogContent title="Create Discount Code" description="The code is the prefix plus 6 random letters and digits.">
      <form onSubmit={submit} className="flex flex-col gap-4">
        <Field id="dc-name" label="Campaign Name">
          <Input id="dc-name" value={name} onChange={(e) => setName(e.target.value)} required />
        </Field>
        <Field id="dc-prefix" label="Code Prefix">
          <Input id="dc-prefix" value={prefix} onChange={(e) => setPrefix(e.target.value)} autoCapitalize="characters" required />
        </Field>
        <Field id="dc-type" labelId="dc-type-label" label="Discount Type">
          <Select
            id="dc-type"
            aria-labelledby="dc-type-label"
            value={discountType}
            onValueChange={(v) => setDiscountType(v === 'fixed_amount' ? 'fixed_amount' : 'percentage')}
            options={[
              { value: 'percentage', label: 'Percentage' },
              { value: 'fixed_amount', label: 'Fixed amount (cents)' },
            ]}
          />
        </Field>
        <Field id="dc-value" label="Discount Value" hint={discountType === 'percentage' ? 'Percent off, e.g. 20' : 'Cents off, e.g. 500 for $5.00'}>
          <Input id="dc-value" inputMode="numeric" value={value} onChange={(e) => setValue(e.target.value)} aria-describedby="dc-value-hint" required />
        </Field>
        <Field id="dc-days" label="Valid for (days)">
          <Input id="dc-days" inputMode="numeric" value={days} onChange={(e) => setDays(e.target.value)} required />
        </Field>
        <Field id="dc-limit" label="Usage Limit (optional)" hint="Leave empty for unlimited uses">
          <Input id="dc-limit" inputMode="numeric" value={limit} onChange={(e) => setLimit(e.target.value)} aria-describedby="dc-limit-hint" />
        </Field>
        <Button type="submit" size="lg" block disabled={!complete || busy}>
          {busy ? 'Creating…' : 'Create Code'}
        </Button>
      </form>
    </DialogContent>
  );
}
