import * as RadixCheckbox from '@radix-ui/react-checkbox';
import { Check } from 'lucide-react';
import type { ComponentPropsWithoutRef } from 'react';
import { styled } from './styled';

const Box = styled(
  RadixCheckbox.Root,
  'relative inline-flex size-6 shrink-0 items-center justify-center rounded-md border-2 border-paper-400 bg-ink-900',
  'data-[state=checked]:border-lamp-400 data-[state=checked]:bg-lamp-400 disabled:opacity-60',
  'before:absolute before:-inset-2.5 before:content-[""]',
);

export function Checkbox(props: ComponentPropsWithoutRef<typeof RadixCheckbox.Root>) {
  return (
    <Box {...props}>
      <RadixCheckbox.Indicator>
        <Check aria-hidden className="size-4 text-ink-950" strokeWidth={3} />
      </RadixCheckbox.Indicator>
    </Box>
  );
}
