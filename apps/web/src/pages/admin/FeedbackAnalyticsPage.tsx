import { Bar, BarChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ReactNode } from 'react';
import type { TFeedbackAnalytics } from '@ss/protocol';
import { LoadingState } from '../../components/ui';
import { EmptyState, ErrorState } from '../../components/States';
import { analyticsErrorText, oneDecimal, pct, useFeedbackAnalytics } from '../../features/analytics/analyticsApi';
import { Stars } from '../../features/feedback/StarRating';
import { AnalyticsPage } from '../../features/analytics/AnalyticsPage';

/** day1-day4 always; day5 and day6 when a longer storyline's players answered them. */
function theoryBreakdown(counts: TFeedbackAnalytics['theoryFormationBreakdown']) {
  const days = (['day1', 'day2', 'day3', 'day4', 'day5', 'day6'] as const).filter((d) => counts[d] !== undefined);
  const labels: Record<string, string> = Object.fromEntries([...days.map((d) => [d, `Day ${d.slice(3)}`]), ['never', 'Never']]);
  const values: Record<string, number> = Object.fromEntries([...days.map((d) => [d, counts[d] ?? 0]), ['never', counts.never]]);
  return { labels, values };
}
const FUTURE_LABELS = { yes: 'Yes', maybe: 'Maybe', no: 'No' } as const;

function Breakdown<K extends string>({ title, counts, labels, total }: { title: string; counts: Record<K, number>; labels: Record<K, string>; total: number }) {
  const rows = (Object.keys(labels) as K[]).map((k) => ({ key: k, label: labels[k], count: counts[k], percent: pct(counts[k], total) }));
  return (
    <section className="rounded-2xl border border-ink-500 bg-ink-800 p-4" aria-label={title}>
      <h2 className="mb-3 font-display text-xl font-bold text-paper-50">{title}</h2>
      <div style={{ height: 40 + rows.length * 30 }} aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} layout="vertical" margin={{ left: 4, right: 24 }}>
            <XAxis type="number" allowDecimals={false} stroke="var(--color-paper-300)" tick={{ fill: 'var(--color-paper-300)', fontSize: 12 }} />
            <YAxis type="category" dataKey="label" width={70} stroke="var(--color-paper-300)" tick={{ fill: 'var(--color-paper-200)', fontSize: 12 }} />
            <Tooltip contentStyle={{ background: 'var(--color-ink-700)', border: '1px solid var(--color-ink-500)', color: 'var(--color-paper-50)' }} />
            <Bar dataKey="count" fill="var(--color-lamp-400)" radius={[0, 4, 4, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <ul className="mt-2 flex flex-col gap-1 text-sm">
        {rows.map((r) => (
          <li key={r.key} className="flex justify-between text-paper-200">
            <span>{r.label}</span>
            <span>
              {r.count} ({r.percent}%)
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function TextList({ title, items, empty }: { title: string; items: string[]; empty: string }) {
  return (
    <section className="rounded-2xl border border-ink-500 bg-ink-800 p-4" aria-label={title}>
      <h2 className="mb-3 font-display text-xl font-bold text-paper-50">
        {title} <span className="text-base font-normal text-paper-300">({items.length})</span>
      </h2>
      {items.length === 0 ? (
        <p className="text-paper-300">{empty}</p>
      ) : (
        <ul className="flex max-h-96 flex-col gap-2 overflow-y-auto pr-1" tabIndex={0}>
          {items.map((t, i) => (
            <li key={i} className="rounded-lg border border-ink-600 bg-ink-900 p-3 whitespace-pre-wrap text-paper-100">
              {t}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-ink-500 bg-ink-800 p-4">
      <p className="text-sm text-paper-300">{label}</p>
      <div className="mt-1 font-display text-3xl font-bold text-paper-50">{children}</div>
    </div>
  );
}

/** /admin/feedback: what testing players said after their games. */
export default function FeedbackAnalyticsPage() {
  const q = useFeedbackAnalytics();
  return (
    <AnalyticsPage current="feedback" title="Feedback Analytics" subtitle="Answers from testing and feedback-mode games.">
      {q.isPending ? <LoadingState label="Loading feedback..." /> : null}
      {q.isError ? <ErrorState {...analyticsErrorText(q.error)} /> : null}
      {q.data && q.data.totalResponses === 0 ? <EmptyState title="No Feedback Yet" message="Feedback from testing games will appear here." /> : null}
      {q.data && q.data.totalResponses > 0 ? (
        <div className="flex flex-col gap-4">
          <div className="grid gap-3 sm:grid-cols-3">
            <Stat label="Total responses">{q.data.totalResponses}</Stat>
            <Stat label="Average enjoyment">
              <span className="flex items-center gap-3">
                {oneDecimal(q.data.avgEnjoymentRating)} <Stars value={q.data.avgEnjoymentRating} />
              </span>
            </Stat>
            <Stat label="Would play another">{pct(q.data.futurePlayBreakdown.yes, q.data.totalResponses)}%</Stat>
          </div>
          <div className="grid gap-3 md:grid-cols-2">
            <Breakdown title="When players formed their theory" counts={theoryBreakdown(q.data.theoryFormationBreakdown).values} labels={theoryBreakdown(q.data.theoryFormationBreakdown).labels} total={q.data.totalResponses} />
            <Breakdown title="Interest in future games" counts={q.data.futurePlayBreakdown} labels={FUTURE_LABELS} total={q.data.totalResponses} />
          </div>
          <div className="grid gap-3 md:grid-cols-2">
            <TextList title="Standout moments" items={q.data.standoutMoments} empty="No standout moments shared yet." />
            <TextList title="Clarity issues" items={q.data.clarityIssues} empty="No clarity issues reported." />
          </div>
        </div>
      ) : null}
    </AnalyticsPage>
  );
}
