import { Copy, Ban } from 'lucide-react';
import type { TDiscountCode } from '@ss/protocol';
import { Badge, Button, Card, CardContent, ConfirmDialog } from '../../components/ui';
import { toast } from '../../store/toast';
import { formatDiscount, formatUses, isExpired } from './discountsApi';

const dateFmt = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const formatDate = (iso: string) => dateFmt.format(new Date(iso));

async function copy(code: string) {
  try {
    await navigator.clipboard.writeText(code);
    toast({ title: 'Copied', description: `Code ${code} copied to clipboard`, variant: 'success' });
  } catch {
    toast({ title: 'Error', description: 'Could not copy the code', variant: 'destructive' });
  }
}

export function DiscountCodeCard({ code, onDeactivate, busy }: { code: TDiscountCode; onDeactivate: () => void; busy: boolean }) {
  const expired = isExpired(code.expiresAt);
  return (
    <Card data-testid="discount-code-card">
      <CardContent className="flex flex-col gap-3 pt-4 sm:pt-5">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-display text-xl font-bold text-paper-50">{code.name}</h2>
          {!code.isActive ? <Badge variant="muted">Inactive</Badge> : null}
          {expired ? <Badge variant="danger">Expired</Badge> : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <code className="rounded-md border border-ink-500 bg-ink-900 px-3 py-2 font-mono text-lg tracking-wider text-lamp-200">{code.code}</code>
          <Button variant="secondary" size="icon" aria-label={`Copy code ${code.code}`} onClick={() => void copy(code.code)}>
            <Copy aria-hidden className="size-4" />
          </Button>
          <ConfirmDialog
            title={`Deactivate ${code.code}?`}
            description="Customers can no longer use this code. Purchases already made with it are kept."
            confirmLabel="Deactivate"
            confirmVariant="danger"
            onConfirm={onDeactivate}
            trigger={
              <Button variant="danger" disabled={!code.isActive || busy} aria-label={`Deactivate ${code.code}`}>
                <Ban aria-hidden className="size-4" />
                Deactivate
              </Button>
            }
          />
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-paper-400">Discount</dt>
            <dd className="font-semibold text-paper-100">{formatDiscount(code.discountType, code.discountValue)}</dd>
          </div>
          <div>
            <dt className="text-paper-400">Expires</dt>
            <dd className="text-paper-100">{code.expiresAt ? formatDate(code.expiresAt) : 'Never'}</dd>
          </div>
          <div>
            <dt className="text-paper-400">Uses</dt>
            <dd className="text-paper-100" data-testid="discount-uses">
              {formatUses(code.timesUsed, code.usageLimit)}
            </dd>
          </div>
          <div>
            <dt className="text-paper-400">Created</dt>
            <dd className="text-paper-100">{formatDate(code.createdAt)}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
