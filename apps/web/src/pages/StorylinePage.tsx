import { PlaceholderPage } from '../components/PlaceholderPage';

/** Storyline (/storyline/:id). Placeholder until its feature lands; replace this file's body. */
export default function StorylinePage() {
  return <PlaceholderPage title="Storyline" />;
}
