import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Evidence Demo (/evidence-demo). Placeholder until its feature lands; replace this file's body. */
export default function EvidenceDemoPage() {
  return <PlaceholderPage title="Evidence Demo" />;
}
