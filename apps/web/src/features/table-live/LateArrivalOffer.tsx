import { useNavigate } from 'react-router-dom';
import { Eye } from 'lucide-react';
import { Button, Card, CardContent } from '../../components/ui';
import { useBusyAction } from '../../lib/useBusyAction';
import { liveApi } from './liveApi';
import { rememberWatching } from './watchStore';

/**
 * What the join form offers when the game has already started: watch it live (the table screen on this phone,
 * nothing secret), and wait there for the host to deal a seat.
 */
export function LateArrivalOffer({ joinCode, displayName }: { joinCode: string; displayName: string }) {
  const { busy, run } = useBusyAction();
  const navigate = useNavigate();
  const watch = () =>
    run(async () => {
      const w = await liveApi.watch(joinCode, displayName);
      rememberWatching(w);
      navigate(`/watch/${w.joinCode}`);
    }, 'Could not open the game');
  return (
    <Card data-testid="late-arrival-offer" className="border-lamp-400/60">
      <CardContent className="flex flex-col gap-3 pt-5">
        <h2 className="font-display text-xl font-bold text-paper-50">This game has already started</h2>
        <p className="text-paper-200">
          Watch it live on this phone as <strong className="text-paper-50">{displayName}</strong>. Until the end of Day 1 the host can deal you a
          character; your phone then joins by itself.
        </p>
        <Button size="lg" block onClick={() => void watch()} disabled={busy} aria-busy={busy} data-testid="watch-game">
          <Eye aria-hidden className="size-5" /> {busy ? 'Opening…' : 'Watch the Game'}
        </Button>
      </CardContent>
    </Card>
  );
}
