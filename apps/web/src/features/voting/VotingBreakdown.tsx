import type { TVotingBreakdown } from '@ss/protocol';
import { TitledCard } from '../../components/ui';

function who(player: string, character: string | null) {
  return character ? `${character} (${player})` : player;
}

function VotesTable({ caption, target, rows }: { caption: string; target: string; rows: TVotingBreakdown['finalVotes'] }) {
  return (
    // Focusable and named, so a keyboard user can scroll a table wider than the phone.
    <div className="overflow-x-auto rounded focus-visible:outline-3 focus-visible:outline-lamp-300" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full min-w-72 text-left text-sm text-paper-200">
        <caption className="pb-2 text-left font-display text-lg font-bold text-paper-50">{caption}</caption>
        <thead>
          <tr className="border-b border-ink-600 text-paper-300">
            <th scope="col" className="py-1.5 pr-2">Voter</th>
            <th scope="col" className="py-1.5">{target}</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={2} className="py-2 text-paper-300">No votes.</td>
            </tr>
          ) : (
            rows.map((r, i) => (
              <tr key={i} className="border-b border-ink-700">
                <td className="py-1.5 pr-2">{who(r.voterPlayer, r.voterCharacter)}</td>
                <td className="py-1.5">{who(r.targetPlayer, r.targetCharacter)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg border border-ink-600 bg-ink-900/60 p-3 text-center">
      <dd className="font-display text-2xl font-bold text-paper-50">{value}</dd>
      <dt className="text-xs font-semibold tracking-wide text-paper-300 uppercase">{label}</dt>
    </div>
  );
}

/** Every ballot, once the results are revealed. */
export function VotingBreakdown({ data, winnerVotes }: { data: TVotingBreakdown; winnerVotes: number }) {
  return (
    <TitledCard
      data-testid="voting-breakdown"
      title="Complete Voting Breakdown"
      contentClassName="flex flex-col gap-5"
    >
      <VotesTable caption="Suspect votes" target="Voted For" rows={data.suspectVotes} />
      <VotesTable caption="Final votes" target="Accused Killer" rows={data.finalVotes} />
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Stat label="Total Players" value={data.totalPlayers} />
        <Stat label="Suspect Votes" value={data.suspectVoteCount} />
        <Stat label="Final Votes" value={data.finalVoteCount} />
        <Stat label="Winner Votes" value={winnerVotes} />
      </dl>
    </TitledCard>
  );
}
