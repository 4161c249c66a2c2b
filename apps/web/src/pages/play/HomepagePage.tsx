import { PlayRouteGate } from '../../features/play/PlayRouteGate';
import { HomepageView } from '../../features/play/HomepageView';

/** Character homepage (/play/:gameId/homepage). */
export default function HomepagePage() {
  return <PlayRouteGate loadingLabel="Opening your character…">{(ctx) => <HomepageView {...ctx} />}</PlayRouteGate>;
}
