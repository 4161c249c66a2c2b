import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BarChart3, MessageSquare } from 'lucide-react';
import { PageHeader } from '../../components/Page';
import { AdminPage } from '../admin-nav/AdminPage';

// Each analytics screen offers the other one beside its title: admins read them together.
const OTHER = {
  characters: { to: '/admin/feedback', label: 'Feedback Analytics', icon: MessageSquare },
  feedback: { to: '/admin/character-analytics', label: 'Character Analytics', icon: BarChart3 },
} as const;

/** An analytics admin screen: its title and subtitle, with a link across to the other analytics screen. */
export function AnalyticsPage({
  current,
  title,
  subtitle,
  children,
}: {
  current: keyof typeof OTHER;
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  const { to, label, icon: Icon } = OTHER[current];
  return (
    <AdminPage current={current}>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          <Link to={to} className="inline-flex min-h-11 items-center gap-2 text-lamp-300">
            <Icon aria-hidden className="size-4" /> {label}
          </Link>
        }
      />
      {children}
    </AdminPage>
  );
}
