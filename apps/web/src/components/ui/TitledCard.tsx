import type { HTMLAttributes, ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from './Card';

/** A card under its own heading, the usual way a screen's sections are boxed. */
export function TitledCard({
  title,
  titleClassName,
  contentClassName,
  children,
  ...rest
}: Omit<HTMLAttributes<HTMLDivElement>, 'title'> & { title: ReactNode; titleClassName?: string; contentClassName?: string }) {
  return (
    <Card {...rest}>
      <CardHeader>
        <CardTitle className={titleClassName}>{title}</CardTitle>
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
