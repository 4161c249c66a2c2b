import { useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import type { TReplayHint, TReplayPlayer, TReplayResponse, TReplayVoteStep } from '@ss/protocol';
import {
  ButtonLink,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  LoadingState,
  TitledCard,
} from '../components/ui';
import { Page, PageHeader } from '../components/Page';
import { EmptyState, ErrorState } from '../components/States';
import { TeamBadge } from '../features/game/TeamBadge';
import { tableApi } from '../features/table/tableApi';
import { withSession } from '../lib/session';

type Who = (id: string | null) => string;

function whoOf(players: readonly TReplayPlayer[]): Who {
  const byId = new Map(players.map((p) => [p.id, p]));
  return (id) => {
    const p = id ? byId.get(id) : undefined;
    if (!p) return 'nobody';
    return p.characterName ? `${p.characterName} (${p.displayName})` : p.displayName;
  };
}

/** A vote's course: one line per counted ballot with the leaders right after it. */
function VoteCourse({
  title,
  steps,
  who,
  testId,
}: {
  title: string;
  steps: readonly TReplayVoteStep[];
  who: Who;
  testId: string;
}) {
  return (
    <TitledCard data-testid={testId} title={title}>
      {steps.length === 0 ? (
        <p className="text-paper-300">No ballots were cast.</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {steps.map((s, i) => {
            const leaders = Object.entries(s.tally)
              .sort((a, b) => b[1] - a[1])
              .slice(0, 3);
            return (
              <li key={i} className="min-w-0 border-l-2 border-lamp-400/60 pl-3">
                <p className="break-words text-paper-50">
                  <strong>{who(s.voterId)}</strong> → {s.suspectIds.map(who).join(', ')}
                </p>
                <p className="text-sm break-words text-paper-300">
                  Standing: {leaders.map(([id, n]) => `${who(id)} ${n}`).join(' · ')}
                </p>
              </li>
            );
          })}
        </ol>
      )}
    </TitledCard>
  );
}

/** The hint cards the host pushed during one phase, where they were pushed. */
function PushedHints({ hints, phaseKey }: { hints: readonly TReplayHint[]; phaseKey: string }) {
  const here = hints.filter((h) => h.phaseKey === phaseKey);
  if (here.length === 0) return null;
  return (
    <div data-testid={`replay-hints-${phaseKey}`}>
      <h3 className="font-semibold text-paper-50">Hints the host pushed</h3>
      <ul className="flex flex-col gap-1 text-sm text-paper-200">
        {here.map((h) => (
          <li key={h.hintId} className="break-words border-l-2 border-lamp-400/60 pl-2">
            <strong className="text-paper-50">{h.title}</strong> {h.text}{' '}
            <span className="text-paper-300">({new Date(h.at).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Timeline({ r }: { r: TReplayResponse }) {
  const who = whoOf(r.players);
  return (
    <div className="flex flex-col gap-4">
      <TitledCard title="The cast">
        <ul className="flex flex-col gap-2">
          {r.players.map((p) => (
            <li key={p.id} className="flex min-w-0 flex-wrap items-center gap-2">
              <span className="min-w-0 flex-1 break-words text-paper-50">{who(p.id)}</span>
              {p.isKiller ? <span className="text-sm font-semibold text-blood-300">The killer</span> : null}
              {p.team ? <TeamBadge team={p.team} /> : null}
            </li>
          ))}
        </ul>
      </TitledCard>
      <ol className="flex flex-col gap-4" aria-label="The days of the story">
        {r.days.map((d) => (
          <li key={d.day}>
            <Card data-testid={`replay-day-${d.day}`}>
              <CardHeader>
                <p className="typewriter text-sm tracking-widest text-lamp-300 uppercase">
                  Day {d.day} · {d.date}
                </p>
                <CardTitle>{d.name}</CardTitle>
              </CardHeader>
              <CardContent className="flex flex-col gap-3">
                <p className="text-paper-200">{d.clue}</p>
                <div>
                  <h3 className="font-semibold text-paper-50">Who held which clue</h3>
                  {d.clues.length === 0 ? (
                    <p className="text-sm text-paper-300">No clue images this day.</p>
                  ) : (
                    <ul className="flex flex-col gap-1 text-sm text-paper-200">
                      {d.clues.map((c, i) => (
                        <li key={i} className="break-words">
                          <strong className="text-paper-50">{who(c.playerId)}</strong>: {c.caption}
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
                <PushedHints hints={r.hints} phaseKey={`day-${d.day}`} />
                {d.accusations.length > 0 ? (
                  <div>
                    <h3 className="font-semibold text-paper-50">Daily suspect tracker</h3>
                    <ul className="flex flex-col gap-1 text-sm text-paper-200">
                      {d.accusations.map((a, i) => (
                        <li key={i} className="break-words">
                          <strong className="text-paper-50">{who(a.playerId)}</strong> suspected{' '}
                          {a.suspectPlayerId ? who(a.suspectPlayerId) : a.suspectCharacterName}
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : null}
              </CardContent>
            </Card>
          </li>
        ))}
      </ol>
      <PushedHints hints={r.hints} phaseKey="suspect-vote" />
      <VoteCourse
        title="How the suspect vote moved"
        steps={r.suspectVote}
        who={who}
        testId="replay-suspect-vote"
      />
      <p className="text-paper-200">Top suspects: {r.topSuspects.map(who).join(', ') || 'none'}</p>
      <PushedHints hints={r.hints} phaseKey="final-vote" />
      <VoteCourse title="How the final vote moved" steps={r.finalVote} who={who} testId="replay-final-vote" />
      <Card>
        <CardContent className="pt-4 text-paper-50" data-testid="replay-verdict">
          {r.verdict.winningTeam === 'seekers' ? 'The Seekers won' : 'The Shadows won'}: the village accused{' '}
          {who(r.verdict.accusedPlayerId)}; the killer was {who(r.verdict.killerPlayerId)}.
          {r.caseTitle ? <span className="mt-1 block text-sm text-paper-200" data-testid="replay-case">The case: {r.caseTitle}</span> : null}
        </CardContent>
      </Card>
    </div>
  );
}

/** The case-file replay (/games/:gameId/replay): the game's days (as many as its storyline has) as a timeline, only once it is over. */
export default function ReplayPage() {
  const { gameId = '' } = useParams();
  const q = useQuery({
    queryKey: ['replay', gameId],
    queryFn: () => tableApi.replay(gameId),
    enabled: Boolean(gameId),
    retry: false,
  });
  const back = { to: withSession(`/games/${gameId}/results`), label: 'Results' };
  return (
    <Page>
      <PageHeader title="Case-file replay" subtitle={q.data?.title} back={back} />
      {q.isPending ? (
        <LoadingState label="Opening the case file…" />
      ) : q.isError ? (
        <ErrorState
          title="Replay not available"
          message="The case file opens once the game is over, for the people who played it."
          action={<ButtonLink to="/">Back to Home</ButtonLink>}
        />
      ) : q.data.days.length === 0 ? (
        <EmptyState title="Nothing to replay" />
      ) : (
        <Timeline r={q.data} />
      )}
    </Page>
  );
}
