import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Feedback Modal (test) (/test-feedback-modal). Placeholder until its feature lands; replace this file's body. */
export default function TestFeedbackModalPage() {
  return <PlaceholderPage title="Feedback Modal (test)" />;
}
