import { Compass } from 'lucide-react';
import { ButtonLink } from '../components/ui';
import { Page } from '../components/Page';

export default function NotFoundPage() {
  return (
    <Page className="flex min-h-dvh flex-col items-center justify-center gap-4 text-center">
      <Compass aria-hidden className="size-12 text-lamp-400" />
      <h1 className="font-display text-3xl font-bold text-paper-50">404 Page Not Found</h1>
      <p className="text-paper-300">Did you forget to add the page to the router?</p>
      <ButtonLink to="/" variant="secondary">
        Back to Home
      </ButtonLink>
    </Page>
  );
}
