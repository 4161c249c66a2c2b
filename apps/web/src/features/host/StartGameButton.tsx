import { Play } from 'lucide-react';
import { Button, ConfirmDialog } from '../../components/ui';
import { useStartGame } from './useStartGame';

/** The host's Start Game, asked twice: starting closes the lobby to newcomers for good. */
export function StartGameButton({ gameId }: { gameId: string }) {
  const start = useStartGame(gameId);
  return (
    <ConfirmDialog
      title="Start the game?"
      description="Everyone moves to their character homepage. No more players can join once the game has started."
      confirmLabel="Start Game"
      onConfirm={start}
      trigger={
        <Button size="lg" block>
          <Play aria-hidden className="size-5" /> Start Game
        </Button>
      }
    />
  );
}
