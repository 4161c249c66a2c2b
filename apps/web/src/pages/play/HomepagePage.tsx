import { useParams } from 'react-router-dom';
import { PlayGate } from '../../features/play/PlayGate';
import { HomepageView } from '../../features/play/HomepageView';
import { usePlayGame } from '../../features/play/usePlayGame';

/** Character homepage (/play/:gameId/homepage). */
export default function HomepagePage() {
  const { gameId = '' } = useParams();
  const { game, me, error } = usePlayGame(gameId);
  return (
    <PlayGate game={game} me={me} error={error} loadingLabel="Opening your character…">
      {(ctx) => <HomepageView {...ctx} />}
    </PlayGate>
  );
}
