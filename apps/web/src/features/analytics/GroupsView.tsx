import { useState } from 'react';
import { BarChart3, Layers, Vote } from 'lucide-react';
import type { ReactNode } from 'react';
import type { TGameSizeGroup } from '@ss/protocol';
import { EmptyState } from '../../components/States';
import { GroupDetail } from './GroupDetail';
import { SizeGroupCard } from './SizeGroupCard';

export function SummaryCard({ icon, label, value }: { icon: ReactNode; label: string; value: ReactNode }) {
  return (
    <div className="flex items-center gap-3 rounded-2xl border border-ink-500 bg-ink-800 p-4">
      <span className="text-lamp-300" aria-hidden>
        {icon}
      </span>
      <div>
        <p className="text-sm text-paper-300">{label}</p>
        <p className="font-display text-2xl font-bold text-paper-50">{value}</p>
      </div>
    </div>
  );
}

/**
 * Summary cards, one card per game size, and the detail view of the chosen size (local state: a back button
 * returns to the cards).
 */
export function GroupsView({
  groups,
  gamesLabel,
  gamesCount,
  verb,
  mode,
}: {
  groups: TGameSizeGroup[];
  gamesLabel: string;
  gamesCount: number;
  verb: 'suspected' | 'convicted';
  mode: string;
}) {
  const [open, setOpen] = useState<number | null>(null);
  const chosen = groups.find((g) => g.playerCount === open);
  if (chosen) return <GroupDetail group={chosen} mode={mode} onBack={() => setOpen(null)} />;
  const totalVotes = groups.reduce((n, g) => n + g.totalVotes, 0);
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-3 sm:grid-cols-3">
        <SummaryCard icon={<BarChart3 className="size-6" />} label={gamesLabel} value={gamesCount} />
        <SummaryCard icon={<Layers className="size-6" />} label="Game Size Groups" value={groups.length} />
        <SummaryCard icon={<Vote className="size-6" />} label="Total Votes" value={totalVotes} />
      </div>
      {groups.length === 0 ? (
        <EmptyState title="No analytics available yet" message="Figures appear here once games with votes have been played." />
      ) : (
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {groups.map((g) => (
            <SizeGroupCard key={g.playerCount} group={g} verb={verb} onOpen={() => setOpen(g.playerCount)} />
          ))}
        </div>
      )}
    </div>
  );
}
