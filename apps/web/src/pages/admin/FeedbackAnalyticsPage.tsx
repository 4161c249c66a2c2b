import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Feedback Analytics (/admin/feedback). Placeholder until its feature lands; replace this file's body. */
export default function FeedbackAnalyticsPage() {
  return <PlaceholderPage title="Feedback Analytics" />;
}
