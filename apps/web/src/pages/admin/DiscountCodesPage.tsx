import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Discount Codes (/admin/discount-codes). Placeholder until its feature lands; replace this file's body. */
export default function DiscountCodesPage() {
  return <PlaceholderPage title="Discount Codes" />;
}
