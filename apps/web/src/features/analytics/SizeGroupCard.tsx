import { ChevronRight, Users } from 'lucide-react';
import type { TGameSizeGroup } from '@ss/protocol';
import { oneDecimal } from './analyticsApi';

/** One card per player count; the whole card opens the detail view. */
export function SizeGroupCard({ group, verb, onOpen }: { group: TGameSizeGroup; verb: 'suspected' | 'convicted'; onOpen: () => void }) {
  const top = group.characterVotes[0];
  const avg = group.totalGames > 0 ? group.totalVotes / group.totalGames : 0;
  return (
    <button
      type="button"
      onClick={onOpen}
      className="flex w-full flex-col gap-3 rounded-2xl border border-ink-500 bg-ink-800 p-4 text-left hover:border-lamp-400 focus-visible:border-lamp-400"
    >
      <div className="flex items-center justify-between gap-2">
        <span className="inline-flex items-center gap-2 font-display text-xl font-bold text-paper-50">
          <Users aria-hidden className="size-5 text-lamp-300" />
          {group.playerCount} players
        </span>
        <ChevronRight aria-hidden className="size-5 text-paper-300" />
      </div>
      <dl className="grid grid-cols-3 gap-2 text-center">
        <div>
          <dt className="text-xs text-paper-300">Games</dt>
          <dd className="text-lg font-semibold text-paper-50">{group.totalGames}</dd>
        </div>
        <div>
          <dt className="text-xs text-paper-300">Total votes</dt>
          <dd className="text-lg font-semibold text-paper-50">{group.totalVotes}</dd>
        </div>
        <div>
          <dt className="text-xs text-paper-300">Avg / game</dt>
          <dd className="text-lg font-semibold text-paper-50">{oneDecimal(avg)}</dd>
        </div>
      </dl>
      <p className="text-sm text-paper-200">
        {top ? (
          <>
            Most {verb}: <strong className="text-paper-50">{top.characterName}</strong> - {top.percentage}% ({top.voteCount} vote{top.voteCount === 1 ? '' : 's'})
          </>
        ) : (
          'No votes yet'
        )}
      </p>
    </button>
  );
}
