import type { ComponentType, ReactNode } from 'react';
import { Card, CardContent } from './ui';
import { Page } from './Page';
import { Brand } from '../features/layout/Brand';

/** The centred one-card screen of the entry forms (sign in/up, join, rejoin): brand, heading, then the form. */
export function FormScreen({
  icon: Icon,
  title,
  subtitle,
  children,
  footer,
}: {
  icon?: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  title: ReactNode;
  subtitle: ReactNode;
  children: ReactNode;
  /** Shown below the card. */
  footer?: ReactNode;
}) {
  return (
    <Page className="flex min-h-dvh flex-col justify-center py-8">
      <div className="mb-6 flex justify-center">
        <Brand />
      </div>
      <Card className="mx-auto w-full max-w-md">
        <CardContent className="flex flex-col gap-5 p-5 sm:p-6">
          <div className="text-center">
            {Icon ? <Icon aria-hidden className="mx-auto mb-2 size-9 text-lamp-400" /> : null}
            <h1 className="font-display text-3xl font-bold text-paper-50">{title}</h1>
            <p className="mt-1 text-paper-300">{subtitle}</p>
          </div>
          {children}
        </CardContent>
      </Card>
      {footer}
    </Page>
  );
}
