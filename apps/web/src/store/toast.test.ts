import { beforeEach, describe, expect, it } from 'vitest';
import { toast, useToastStore } from './toast';

describe('toast store', () => {
  beforeEach(() => useToastStore.setState({ toast: null }));

  it('shows one toast at a time; a new one replaces the old', () => {
    toast({ title: 'First' });
    const first = useToastStore.getState().toast!;
    expect(first).toMatchObject({ title: 'First', duration: 5000, variant: 'default', open: true });
    toast({ title: 'Second', description: 'More', variant: 'destructive' });
    const second = useToastStore.getState().toast!;
    expect(second.title).toBe('Second');
    expect(second.id).not.toBe(first.id);
  });

  it('dismiss closes, remove forgets only the matching toast', () => {
    toast({ title: 'A' });
    const a = useToastStore.getState().toast!;
    useToastStore.getState().dismiss();
    expect(useToastStore.getState().toast?.open).toBe(false);
    useToastStore.getState().remove(a.id + 1);
    expect(useToastStore.getState().toast).not.toBeNull();
    useToastStore.getState().remove(a.id);
    expect(useToastStore.getState().toast).toBeNull();
  });
});
