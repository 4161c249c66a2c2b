import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Day Four - August 10th, 1986 (/play/:gameId/day-four). Placeholder until its feature lands; replace this file's body. */
export default function DayFourPage() {
  return <PlaceholderPage title="Day Four - August 10th, 1986" />;
}
