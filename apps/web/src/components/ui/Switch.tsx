import * as RadixSwitch from '@radix-ui/react-switch';
import type { ComponentPropsWithoutRef } from 'react';
import { styled } from './styled';

const Track = styled(
  RadixSwitch.Root,
  'relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full border border-ink-500 bg-ink-600 transition-colors',
  'data-[state=checked]:border-lamp-400 data-[state=checked]:bg-lamp-500 disabled:cursor-not-allowed disabled:opacity-60',
  // 44-px hit area around the 28-px track
  'before:absolute before:-inset-2 before:content-[""]',
);

export function Switch(props: ComponentPropsWithoutRef<typeof RadixSwitch.Root>) {
  return (
    <Track {...props}>
      <RadixSwitch.Thumb className="block size-5 translate-x-1 rounded-full bg-paper-100 shadow transition-transform data-[state=checked]:translate-x-6 data-[state=checked]:bg-ink-950" />
    </Track>
  );
}
