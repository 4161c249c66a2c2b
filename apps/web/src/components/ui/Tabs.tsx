import * as RadixTabs from '@radix-ui/react-tabs';
import { styled } from './styled';

export const Tabs = RadixTabs.Root;

export const TabsList = styled(RadixTabs.List, 'flex w-full gap-1 rounded-xl border border-ink-600 bg-ink-800 p-1');

export const TabsTrigger = styled(
  RadixTabs.Trigger,
  'min-h-11 flex-1 rounded-lg px-1.5 py-1 text-[0.8rem] leading-tight font-semibold text-paper-300 transition-colors sm:px-3 sm:text-sm',
  'hover:text-paper-50 data-[state=active]:bg-lamp-400 data-[state=active]:text-ink-950',
);

export const TabsContent = styled(RadixTabs.Content, 'mt-4 focus-visible:outline-none');
