import { PlaceholderPage } from '../components/PlaceholderPage';

/** Game Results (/games/:gameId/results). Placeholder until its feature lands; replace this file's body. */
export default function GameResultsPage() {
  return <PlaceholderPage title="Game Results" />;
}
