import { ButtonLink } from '../../components/ui';
import { Page } from '../../components/Page';
import { EmptyState } from '../../components/States';
import { withSession } from '../../lib/session';

/** A seated player the host has not dealt a character yet; the room's live updates replace it once they do. */
export function NoCharacterPage({ gameId }: { gameId: string }) {
  return (
    <Page>
      <div className="pt-10">
        <EmptyState
          title="No Character Assigned"
          message="Please wait for the host to assign you a character. This screen updates by itself."
          action={
            <ButtonLink to={withSession(`/play/${gameId}/lobby`)} variant="secondary">
              Back to the Lobby
            </ButtonLink>
          }
        />
      </div>
    </Page>
  );
}
