import { useNavigate } from 'react-router-dom';
import { gamesApi } from '../game/gamesApi';
import { errorMessage } from '../../lib/api';
import { toast } from '../../store/toast';

/** Start the game, then go to the host's own character homepage. */
export function useStartGame(gameId: string) {
  const navigate = useNavigate();
  return async () => {
    try {
      await gamesApi.patch(gameId, { action: 'start' });
      navigate(`/play/${gameId}/homepage`);
    } catch (err) {
      toast({ title: 'Failed to start game', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    }
  };
}
