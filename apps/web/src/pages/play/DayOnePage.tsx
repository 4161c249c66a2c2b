import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Day One - July 14th, 1986 (/play/:gameId/day-one). Placeholder until its feature lands; replace this file's body. */
export default function DayOnePage() {
  return <PlaceholderPage title="Day One - July 14th, 1986" />;
}
