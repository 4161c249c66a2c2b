import { Link } from 'react-router-dom';
import { ArrowLeft, BarChart3, MessageSquare, Smartphone, TicketPercent } from 'lucide-react';
import { cn } from '../../lib/cn';

const LINKS = [
  { key: 'discounts', to: '/admin/discount-codes', label: 'Discount Codes', icon: TicketPercent },
  { key: 'characters', to: '/admin/character-analytics', label: 'Character Analytics', icon: BarChart3 },
  { key: 'feedback', to: '/admin/feedback', label: 'Feedback', icon: MessageSquare },
  { key: 'preview', to: '/admin/seat-preview', label: 'Seat Preview', icon: Smartphone },
] as const;

export type AdminScreen = (typeof LINKS)[number]['key'];

/** The admin screens' own navigation: each other admin screen, and the way back to the host dashboard. */
export function AdminNav({ current }: { current: AdminScreen }) {
  return (
    <nav aria-label="Admin" className="flex flex-wrap items-center gap-1 pt-3" data-testid="admin-nav">
      <Link
        to="/host/dashboard"
        className="-ml-2 inline-flex min-h-11 items-center gap-2 rounded-lg px-2 text-paper-200 no-underline hover:text-paper-50"
      >
        <ArrowLeft aria-hidden className="size-4" /> Back to Dashboard
      </Link>
      <span aria-hidden className="mx-1 h-5 w-px bg-ink-600" />
      {LINKS.map(({ key, to, label, icon: Icon }) => (
        <Link
          key={key}
          to={to}
          aria-current={key === current ? 'page' : undefined}
          className={cn(
            'inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2.5 text-sm no-underline',
            key === current ? 'bg-ink-700 font-semibold text-paper-50' : 'text-lamp-300 hover:bg-ink-700',
          )}
        >
          <Icon aria-hidden className="size-4" /> {label}
        </Link>
      ))}
    </nav>
  );
}
