import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import type { TStoryline } from '@ss/protocol';
import { Button, Checkbox } from '../../components/ui';
import { gamesApi } from '../game/gamesApi';
import { errorMessage } from '../../lib/api';
import { toast } from '../../store/toast';
import { playerRange } from '../storylines/format';

/** A storyline the host can run, with Create Game and the testing-mode option. */
export function CreateGameCard({ storyline }: { storyline: TStoryline }) {
  const [testing, setTesting] = useState(false);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = useId();

  async function create() {
    setBusy(true);
    try {
      const res = await gamesApi.create(storyline.id, testing);
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      navigate(`/host/${res.id}/lobby`);
    } catch (err) {
      toast({ title: 'Failed to create game', description: errorMessage(err, 'Please try again later.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="flex flex-col overflow-hidden rounded-xl border border-ink-600 bg-ink-800/90 sm:flex-row">
      {storyline.imageUrl ? (
        <img src={storyline.imageUrl} alt={storyline.imageAlt || ''} className="aspect-[16/9] w-full object-cover sm:w-48" loading="lazy" />
      ) : null}
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div>
          <h3 className="font-display text-lg font-bold text-paper-50">{storyline.title}</h3>
          <p className="text-sm text-paper-300">
            {playerRange(storyline.minPlayers, storyline.maxPlayers)} · {storyline.duration || '45-60 min'}
          </p>
        </div>
        <div className="flex items-center gap-3">
          <Checkbox id={`${id}-testing`} checked={testing} onCheckedChange={(v) => setTesting(v === true)} />
          <label htmlFor={`${id}-testing`} className="text-sm text-paper-200">
            Testing mode <span className="text-paper-400">(daily suspect tracker and feedback)</span>
          </label>
        </div>
        <Button onClick={create} disabled={busy} aria-busy={busy} className="sm:self-start">
          <Plus aria-hidden className="size-4" />
          {busy ? 'Creating…' : 'Create Game'}
        </Button>
      </div>
    </li>
  );
}
