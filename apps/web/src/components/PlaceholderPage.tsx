import type { ReactNode } from 'react';
import { Hourglass } from 'lucide-react';
import { ButtonLink } from './ui';
import { Page, PageHeader } from './Page';

/** Stand-in for a screen that another part of the team builds. Each route has its own page file. */
export function PlaceholderPage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Page>
      <PageHeader title={title} />
      <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed border-ink-500 p-8 text-center">
        <Hourglass aria-hidden className="size-8 text-lamp-400" />
        <p className="text-paper-200">{children ?? 'This part of the investigation is still being prepared.'}</p>
        <ButtonLink to="/" variant="secondary">
          Back to Home
        </ButtonLink>
      </div>
    </Page>
  );
}
