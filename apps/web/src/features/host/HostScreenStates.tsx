import { ButtonLink, LoadingState } from '../../components/ui';
import { Page } from '../../components/Page';
import { ErrorState } from '../../components/States';
import { HostHeader } from '../dashboard/HostHeader';

/** The error screen of a host page whose game could not be opened ('Game not found' for a missing game). */
export function HostGameError({ error }: { error: { status: number; message: string } }) {
  const notFound = error.status === 404 || error.status === 400;
  return (
    <>
      <HostHeader />
      <Page>
        <div className="pt-10">
          <ErrorState
            title={notFound ? 'Game not found' : 'Could not open this game'}
            message={notFound ? 'The game may have been deleted, or the link is wrong.' : error.message}
            action={<ButtonLink to="/host/dashboard">Back to Dashboard</ButtonLink>}
          />
        </div>
      </Page>
    </>
  );
}

export function HostGameLoading({ label }: { label: string }) {
  return (
    <>
      <HostHeader />
      <LoadingState label={label} />
    </>
  );
}
