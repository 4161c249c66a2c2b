import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ClipboardCheck } from 'lucide-react';
import type { TGameView } from '@ss/protocol';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Select } from '../../components/ui';
import { toast } from '../../store/toast';
import { playApi, playKeys } from './playApi';

/**
 * Testing mode only: each player records whom they suspect at the end of a day (not shared with other players;
 * it helps improve the storyline).
 */
export function DailySuspectTracker({ game, day, gamePlayerId }: { game: TGameView; day: number; gamePlayerId: string | null }) {
  const [suspect, setSuspect] = useState('');
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const own = useQuery({
    queryKey: playKeys.dailyVote(game.id, gamePlayerId ?? '', day),
    queryFn: () => playApi.ownDailyVote(game.id, gamePlayerId ?? '', day),
    enabled: Boolean(gamePlayerId),
  });
  const options = game.players
    .filter((p) => p.character && p.id !== gamePlayerId)
    .map((p) => ({ value: p.character!.id, label: `${p.character!.name} (${p.displayName})` }));
  const current = own.data ? options.find((o) => o.value === own.data?.suspectCharacterId) : undefined;

  async function submit() {
    if (!suspect || !gamePlayerId) {
      toast({
        title: 'Unable to Submit Vote',
        description: 'Player authentication issue. Please reload the page and try again.',
        variant: 'destructive',
        duration: 5000,
      });
      return;
    }
    setBusy(true);
    try {
      const vote = await playApi.dailyVote(game.id, gamePlayerId, day, suspect);
      queryClient.setQueryData(playKeys.dailyVote(game.id, gamePlayerId, day), vote);
      toast({
        title: 'Vote Submitted Successfully!',
        description: 'Your suspect vote has been recorded and will help improve this storyline.',
        variant: 'success',
        duration: 3000,
      });
    } catch {
      toast({
        title: 'Vote Submission Failed',
        description: 'There was an issue submitting your vote. Please try again.',
        variant: 'destructive',
        duration: 3000,
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card data-testid="daily-tracker">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ClipboardCheck aria-hidden className="size-5 text-lamp-400" /> Daily Suspect Tracker
        </CardTitle>
        <CardDescription>Testing mode: who do you suspect after day {day}? Other players never see this.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {current ? (
          <p className="text-sm text-paper-200" role="status">
            Your vote for day {day}: <strong className="text-paper-50">{current.label}</strong>
          </p>
        ) : null}
        <Select
          aria-label={`Suspect for day ${day}`}
          value={suspect}
          onValueChange={setSuspect}
          options={options}
          placeholder="Select a character"
        />
        <Button onClick={() => void submit()} disabled={busy || !suspect}>
          {busy ? 'Submitting...' : current ? 'Change My Vote' : 'Submit Vote'}
        </Button>
      </CardContent>
    </Card>
  );
}
