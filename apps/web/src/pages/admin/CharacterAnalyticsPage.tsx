import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Character Analytics (/admin/character-analytics). Placeholder until its feature lands; replace this file's body. */
export default function CharacterAnalyticsPage() {
  return <PlaceholderPage title="Character Analytics" />;
}
