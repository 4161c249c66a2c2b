import { useParams } from 'react-router-dom';
import { PlayGate } from '../../features/play/PlayGate';
import { PhaseView } from '../../features/play/PhaseView';
import { usePlayGame } from '../../features/play/usePlayGame';

/** Investigation screen (/play/:gameId/phase): evidence, maps, notes. */
export default function PhasePage() {
  const { gameId = '' } = useParams();
  const { game, me, error } = usePlayGame(gameId);
  return <PlayGate game={game} me={me} error={error}>{(ctx) => <PhaseView {...ctx} />}</PlayGate>;
}
