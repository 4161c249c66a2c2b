import { useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { Button, Dialog, LoadingState } from '../../components/ui';
import { PageHeader } from '../../components/Page';
import { EmptyState, ErrorState } from '../../components/States';
import { ApiRequestError } from '../../lib/api';
import { toast } from '../../store/toast';
import { CreateCodeDialog, type CreateCodeInput } from '../../features/admin-discounts/CreateCodeDialog';
import { DiscountCodeCard } from '../../features/admin-discounts/DiscountCodeCard';
import { AdminPage } from '../../features/admin-nav/AdminPage';
import { discountCodesKey, discountsApi } from '../../features/admin-discounts/discountsApi';
import { DisputedPayments } from '../../features/admin-payments/DisputedPayments';

/** /admin/discount-codes: the owner's discount codes. The server decides who may see them (401/403). */
export default function DiscountCodesPage() {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const codes = useQuery({ queryKey: discountCodesKey, queryFn: discountsApi.list });

  // One code per press: a double click reaches the handler twice before the button can disable itself.
  const creating = useRef(false);
  const create = useMutation({
    mutationFn: (input: CreateCodeInput) => discountsApi.create({ ...input, isActive: true }),
    onSuccess: async () => {
      toast({ title: 'Success', description: 'Discount code created successfully', variant: 'success' });
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: discountCodesKey });
    },
    onError: () => toast({ title: 'Error', description: 'Failed to create discount code', variant: 'destructive' }),
    onSettled: () => {
      creating.current = false;
    },
  });
  const submitCreate = (input: CreateCodeInput) => {
    if (creating.current) return;
    creating.current = true;
    create.mutate(input);
  };

  const deactivate = useMutation({
    mutationFn: (id: string) => discountsApi.deactivate(id),
    onSuccess: async () => {
      toast({ title: 'Success', description: 'Discount code deactivated successfully', variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: discountCodesKey });
    },
    onError: () => toast({ title: 'Error', description: 'Failed to deactivate discount code', variant: 'destructive' }),
  });

  const openButton = (label: string) => (
    <Button onClick={() => setOpen(true)}>
      <Plus aria-hidden className="size-4" />
      {label}
    </Button>
  );

  let body;
  if (codes.isPending) body = <LoadingState label="Loading discount codes…" />;
  else if (codes.isError) {
    const status = codes.error instanceof ApiRequestError ? codes.error.status : 0;
    body = (
      <ErrorState
        title={status === 401 ? 'Please sign in' : status === 403 ? 'Admin access required' : 'Could not load discount codes'}
        message={status === 401 || status === 403 ? 'Sign in with an admin account to manage discount codes.' : 'Please refresh the page to try again.'}
      />
    );
  } else if (codes.data.length === 0) {
    body = <EmptyState title="No discount codes yet" message="Create a code for a campaign and share it." action={openButton('Create Your First Code')} />;
  } else {
    body = (
      <ul className="flex flex-col gap-3">
        {codes.data.map((c) => (
          <li key={c.id}>
            <DiscountCodeCard code={c} busy={deactivate.isPending && deactivate.variables === c.id} onDeactivate={() => deactivate.mutate(c.id)} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <AdminPage current="discounts">
        <PageHeader title="Discount Codes" actions={codes.isSuccess ? openButton('Create Code') : undefined} />
        <DisputedPayments />
        {body}
      </AdminPage>
      {open ? <CreateCodeDialog busy={create.isPending} onSubmit={submitCreate} /> : null}
    </Dialog>
  );
}
