import { PlayRouteGate } from '../../features/play/PlayRouteGate';
import { PhaseView } from '../../features/play/PhaseView';

/** Investigation screen (/play/:gameId/phase): evidence, maps, notes. */
export default function PhasePage() {
  return <PlayRouteGate>{(ctx) => <PhaseView {...ctx} />}</PlayRouteGate>;
}
