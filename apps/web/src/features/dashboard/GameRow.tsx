import { CalendarDays, Trash2, Users } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import type { TDashboardGame } from '@ss/protocol';
import { Badge, Button, ButtonLink, ConfirmDialog } from '../../components/ui';
import { errorMessage } from '../../lib/api';
import { toast } from '../../store/toast';
import { gamesApi } from '../game/gamesApi';
import { StatusBadge } from '../game/StatusBadge';
import { phaseRefName } from '../game/phases';

export function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
}

/** Deleting a game that has not started (after a confirmation); players in its lobby are sent home. */
function DeleteGameButton({ game }: { game: TDashboardGame }) {
  const queryClient = useQueryClient();
  async function remove() {
    try {
      await gamesApi.remove(game.id);
      toast({ title: 'Game deleted', description: `Room ${game.joinCode} is closed.`, variant: 'success', duration: 3000 });
      await queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    } catch (err) {
      toast({ title: 'Could not delete the game', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    }
  }
  return (
    <ConfirmDialog
      title="Delete this game?"
      description={`Room ${game.joinCode} closes and everyone in its lobby is sent home. This cannot be undone.`}
      confirmLabel="Delete Game"
      confirmVariant="danger"
      onConfirm={remove}
      trigger={
        <Button variant="ghost" aria-label={`Delete game ${game.joinCode}`}>
          <Trash2 aria-hidden className="size-4" /> Delete
        </Button>
      }
    />
  );
}

/** One game on the dashboard, with the link that resumes it (and delete, before it starts). */
export function GameRow({ game }: { game: TDashboardGame }) {
  const resume =
    game.status === 'completed'
      ? { to: `/games/${game.id}/results`, label: 'View Results' }
      : game.status === 'setup'
        ? { to: `/host/${game.id}/character-assignment`, label: 'Resume Setup' }
        : { to: `/play/${game.id}/homepage`, label: 'Resume Game' };
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-ink-600 bg-ink-800/90 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-display text-lg font-bold text-paper-50">{game.title}</h3>
          <StatusBadge status={game.status} />
          {game.isTestingMode ? <Badge variant="lamp">Testing</Badge> : null}
        </div>
        <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-paper-300">
          <span>
            Code <span className="typewriter text-base tracking-widest text-lamp-200">{game.joinCode}</span>
          </span>
          <span className="inline-flex items-center gap-1">
            <Users aria-hidden className="size-4" /> {game.playerCount} player{game.playerCount === 1 ? '' : 's'}
          </span>
          <span className="inline-flex items-center gap-1">
            <CalendarDays aria-hidden className="size-4" /> {formatDate(game.createdAt)}
          </span>
          {game.status === 'in_progress' ? <span>{phaseRefName(game.phase)}</span> : null}
          {game.caseTitle ? <span data-testid="game-case">Case: {game.caseTitle}</span> : null}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {game.status === 'setup' ? <DeleteGameButton game={game} /> : null}
        {game.status !== 'completed' ? (
          <ButtonLink to={`/host/${game.id}/lobby`} variant="secondary">
            Lobby
          </ButtonLink>
        ) : null}
        <ButtonLink to={resume.to}>{resume.label}</ButtonLink>
      </div>
    </li>
  );
}
