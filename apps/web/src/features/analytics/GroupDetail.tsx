import { ArrowLeft } from 'lucide-react';
import { Bar, BarChart, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { TGameSizeGroup } from '@ss/protocol';
import { Badge, Button } from '../../components/ui';
import { CharacterTeamBadge, teamColor } from './CharacterTeamBadge';

/** Every character of one game size: a chart of the leaders, then the full ranked list with bars. */
export function GroupDetail({ group, mode, onBack }: { group: TGameSizeGroup; mode: string; onBack: () => void }) {
  const chart = group.characterVotes.slice(0, 10).map((c) => ({ name: c.characterName, percentage: c.percentage, votes: c.voteCount, team: c.characterTeam }));
  return (
    <section aria-labelledby="group-detail-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="ghost" onClick={onBack}>
          <ArrowLeft aria-hidden className="size-4" /> Back
        </Button>
        <h2 id="group-detail-title" className="font-display text-2xl font-bold text-paper-50">
          {group.playerCount}-player games
        </h2>
      </div>
      <div className="flex flex-wrap gap-2">
        <Badge variant="lamp">{group.totalGames} games analyzed</Badge>
        <Badge>{group.totalVotes} total votes</Badge>
        <Badge variant="muted">{mode}</Badge>
      </div>
      {chart.length > 0 ? (
        <figure className="rounded-2xl border border-ink-500 bg-ink-800 p-3">
          <figcaption className="mb-2 text-sm text-paper-300">Share of votes, top {chart.length}</figcaption>
          <div style={{ height: Math.max(160, chart.length * 34) }}>
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={chart} layout="vertical" margin={{ left: 8, right: 24 }}>
                <XAxis type="number" domain={[0, 100]} unit="%" stroke="var(--color-paper-300)" tick={{ fill: 'var(--color-paper-300)', fontSize: 12 }} />
                <YAxis type="category" dataKey="name" width={130} stroke="var(--color-paper-300)" tick={{ fill: 'var(--color-paper-200)', fontSize: 12 }} />
                <Tooltip
                  cursor={{ fill: 'rgba(255,255,255,0.05)' }}
                  contentStyle={{ background: 'var(--color-ink-700)', border: '1px solid var(--color-ink-500)', color: 'var(--color-paper-50)' }}
                  formatter={(value, _name, item) => [`${String(value)}% (${String((item.payload as { votes: number }).votes)} votes)`, 'Share']}
                />
                <Bar dataKey="percentage" radius={[0, 4, 4, 0]}>
                  {chart.map((c) => (
                    <Cell key={c.name} fill={teamColor[c.team]} />
                  ))}
                </Bar>
              </BarChart>
            </ResponsiveContainer>
          </div>
        </figure>
      ) : null}
      <ol className="flex flex-col gap-2">
        {group.characterVotes.map((c, i) => (
          <li key={c.characterId} className="rounded-xl border border-ink-600 bg-ink-800 p-3">
            <div className="flex flex-wrap items-center gap-2">
              <span className="w-8 font-display text-lg font-bold text-lamp-300">#{i + 1}</span>
              <span className="font-semibold text-paper-50">{c.characterName}</span>
              <span className="text-sm text-paper-300">{c.characterProfession}</span>
              <CharacterTeamBadge team={c.characterTeam} />
              <span className="ml-auto text-sm text-paper-100">
                {c.percentage}% · {c.voteCount} vote{c.voteCount === 1 ? '' : 's'}
              </span>
            </div>
            <div
              className="mt-2 h-2 overflow-hidden rounded-full bg-ink-600"
              role="progressbar"
              aria-label={`${c.characterName} share of votes`}
              aria-valuenow={c.percentage}
              aria-valuemin={0}
              aria-valuemax={100}
            >
              <div className="h-full rounded-full" style={{ width: `${Math.min(100, c.percentage)}%`, background: teamColor[c.characterTeam] }} />
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
