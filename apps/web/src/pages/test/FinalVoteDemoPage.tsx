import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Final Vote Demo (/final-vote-demo). Placeholder until its feature lands; replace this file's body. */
export default function FinalVoteDemoPage() {
  return <PlaceholderPage title="Final Vote Demo" />;
}
