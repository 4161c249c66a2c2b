import type { RoomError } from '../../store/gameRoom';
import { Page } from '../../components/Page';
import { PlayErrorState } from './PlayErrorState';

/** A player screen whose room could not be opened at all: the error alone, as the whole page. */
export function PlayErrorPage({ error }: { error: RoomError }) {
  return (
    <Page>
      <div className="pt-10">
        <PlayErrorState error={error} />
      </div>
    </Page>
  );
}
