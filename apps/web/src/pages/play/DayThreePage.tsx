import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Day Three - July 20th, 1986 (/play/:gameId/day-three). Placeholder until its feature lands; replace this file's body. */
export default function DayThreePage() {
  return <PlaceholderPage title="Day Three - July 20th, 1986" />;
}
