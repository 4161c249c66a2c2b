import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Final Vote (/play/:gameId/final-vote). Placeholder until its feature lands; replace this file's body. */
export default function FinalVotePage() {
  return <PlaceholderPage title="Final Vote" />;
}
