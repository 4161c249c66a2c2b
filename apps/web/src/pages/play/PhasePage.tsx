import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Investigation (/play/:gameId/phase). Placeholder until its feature lands; replace this file's body. */
export default function PhasePage() {
  return <PlaceholderPage title="Investigation" />;
}
