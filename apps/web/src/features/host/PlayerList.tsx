import { Crown, UserRound, UserX } from 'lucide-react';
import type { TPublicPlayer } from '@ss/protocol';
import { Badge, Button, ConfirmDialog } from '../../components/ui';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { toast } from '../../store/toast';
import { gamesApi } from '../game/gamesApi';

/** The host removes a player from the lobby (before the start); the player's phone is signed out of the game. */
function RemovePlayerButton({ gameId, player }: { gameId: string; player: TPublicPlayer }) {
  async function remove() {
    try {
      await gamesApi.removePlayer(gameId, player.id);
      toast({ title: 'Player removed', description: `${player.displayName} has left the lobby.`, variant: 'success', duration: 3000 });
    } catch (err) {
      toast({ title: 'Could not remove the player', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    }
  }
  return (
    <ConfirmDialog
      title={`Remove ${player.displayName}?`}
      description="They leave the lobby and their character is freed. They can join again with the room code."
      confirmLabel="Remove Player"
      confirmVariant="danger"
      onConfirm={remove}
      trigger={
        <Button variant="ghost" size="icon" aria-label={`Remove ${player.displayName}`} title={`Remove ${player.displayName}`}>
          <UserX aria-hidden className="size-5" />
        </Button>
      }
    />
  );
}

/**
 * Players with presence (colour AND word) and their character, live from the store. With `removeFrom` (the host's
 * lobby before the start) each player other than the host can be removed.
 */
export function PlayerList({ players, online, removeFrom }: { players: TPublicPlayer[]; online: string[]; removeFrom?: string }) {
  const onlineSet = new Set(online);
  return (
    <ul className="flex flex-col gap-2" aria-label="Players" data-testid="player-list">
      {players.map((p) => {
        const here = onlineSet.has(p.id);
        return (
          <li
            key={p.id}
            className="flex items-center gap-3 rounded-lg border border-ink-600 bg-ink-900/60 px-3 py-2"
            data-testid="player-row"
          >
            <span className="relative">
              <UserRound aria-hidden className="size-8 rounded-full bg-ink-700 p-1.5 text-paper-300" />
              <span
                aria-hidden
                className={cn(
                  'absolute -right-0.5 -bottom-0.5 size-3 rounded-full border-2 border-ink-900',
                  here ? 'bg-moss-300' : 'bg-paper-400/60',
                )}
              />
            </span>
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2 font-semibold text-paper-50">
                <span className="min-w-0 break-words">{p.displayName}</span>
                {p.isHost ? (
                  <Badge variant="lamp">
                    <Crown aria-hidden className="size-3" /> Host
                  </Badge>
                ) : null}
                {p.isLeader ? <Badge variant="default">Leader</Badge> : null}
              </p>
              <p className="text-sm break-words text-paper-300">
                {p.character ? `${p.character.name} · ${p.character.profession}` : 'No character yet'}
              </p>
            </div>
            <span className={cn('text-xs font-semibold', here ? 'text-moss-300' : 'text-paper-400')}>
              {here ? 'Connected' : 'Away'}
            </span>
            {removeFrom && !p.isHost ? <RemovePlayerButton gameId={removeFrom} player={p} /> : null}
          </li>
        );
      })}
    </ul>
  );
}
