import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Introduction (/play/:gameId/intro). Placeholder until its feature lands; replace this file's body. */
export default function IntroPage() {
  return <PlaceholderPage title="Introduction" />;
}
