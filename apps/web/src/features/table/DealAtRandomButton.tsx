import { Shuffle } from 'lucide-react';
import type { TGameView } from '@ss/protocol';
import { Button } from '../../components/ui';
import { useBusyAction } from '../../lib/useBusyAction';
import { toast } from '../../store/toast';
import { tableApi } from './tableApi';

/**
 * One tap deals a character to every seat that has none: the storyline's essential characters first, never
 * beyond the tier's limit. The host can still change any seat by hand afterwards.
 */
export function DealAtRandomButton({ game, onDealt }: { game: TGameView; onDealt?: () => void }) {
  const { busy, run } = useBusyAction();
  const open = game.players.filter((p) => !p.characterId).length;
  const deal = () =>
    run(async () => {
      await tableApi.deal(game.id);
      toast({
        title: 'Characters dealt',
        description: 'Change any seat by hand if you like.',
        variant: 'success',
        duration: 3000,
      });
      onDealt?.();
    }, 'Could not deal the characters');
  return (
    <Button
      size="lg"
      block
      disabled={busy || open === 0 || game.status !== 'setup'}
      onClick={() => void deal()}
      data-testid="deal-at-random"
    >
      <Shuffle aria-hidden className="size-5" /> Deal at random
      {open > 0 ? ` (${open} seat${open === 1 ? '' : 's'})` : ''}
    </Button>
  );
}
