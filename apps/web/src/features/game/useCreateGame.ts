import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api';
import { toast } from '../../store/toast';

/**
 * Creates a game (POST /api/games) and opens its host lobby; on failure a 'Failed to create game' toast with the server's reason
 * (for example "Purchase this storyline before hosting a game"). Used by the dashboard and the landing page.
 */
export function useCreateGame() {
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  /** `caseNumber`: the case the host chose; without it the server deals one ("Surprise me"). */
  async function create(storylineId: string, isTestingMode = false, caseNumber?: number) {
    setBusy(true);
    try {
      // Loaded on the click: the landing page's cards use this hook, and the game schemas are the most expensive
      // part of the app's start (tens of milliseconds of script on a phone) that the first screen does not need.
      const { gamesApi } = await import('./gamesApi');
      const res = await gamesApi.create(storylineId, isTestingMode, caseNumber);
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      navigate(`/host/${res.id}/lobby`);
    } catch (err) {
      toast({ title: 'Failed to create game', description: errorMessage(err, 'Please try again later.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return { create, busy };
}
