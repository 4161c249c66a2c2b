import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Day Two - July 15th, 1986 (/play/:gameId/day-two). Placeholder until its feature lands; replace this file's body. */
export default function DayTwoPage() {
  return <PlaceholderPage title="Day Two - July 15th, 1986" />;
}
