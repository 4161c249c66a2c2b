import { Crown, WifiOff } from 'lucide-react';
import { HOST_AWAY_NOTICE_MS, HOST_TAKEOVER_AFTER_MS, hostStandIn, type TGameView } from '@ss/protocol';
import { Button, ConfirmDialog } from '../../components/ui';
import { useBusyAction } from '../../lib/useBusyAction';
import { toast } from '../../store/toast';
import { liveApi } from './liveApi';
import { useServerNow } from './useNow';

/**
 * What the players see while the host's phone is away (the state says since when, as the server saw it): after
 * 20 s "Host reconnecting…"; after a minute the co-host, or the leader when there is no co-host, is offered the
 * host controls (the engine refuses the take-over before that). Once someone took over, everyone is told who.
 */
export function HostAwayNotice({ game, myId }: { game: TGameView; myId: string }) {
  const since = game.hostAwaySince ?? null;
  const active = game.status === 'in_progress' && since !== null && myId !== game.hostPlayerId;
  const now = useServerNow(active);
  const { busy, run } = useBusyAction();
  if (!active || since === null) return null;
  const away = now - since;
  const acting = game.players.find((p) => p.id === game.actingHostPlayerId) ?? null;
  const standIn = hostStandIn({ coHostPlayerId: game.coHostPlayerId ?? null, leaderPlayerId: game.leaderPlayerId });
  const mayTakeOver = standIn === myId && !acting && away >= HOST_TAKEOVER_AFTER_MS;
  if (away < HOST_AWAY_NOTICE_MS && !acting) return null;

  const takeOver = () =>
    run(async () => {
      await liveApi.takeOver(game.id);
      toast({ title: 'You have the host controls', description: 'They go back to the host when their phone returns.', variant: 'success', duration: 4000 });
    }, 'Could not take over');

  return (
    <section
      className="flex flex-col gap-2 rounded-xl border border-lamp-400/60 bg-ink-900/90 p-3 text-paper-100"
      aria-label="The host"
      data-testid="host-away"
    >
      <p className="flex items-center gap-2 font-semibold" role="status" aria-live="polite">
        <WifiOff aria-hidden className="size-4 shrink-0 text-lamp-300" />
        {acting ? `Host reconnecting… ${acting.displayName} has the host controls meanwhile.` : 'Host reconnecting…'}
      </p>
      {mayTakeOver ? (
        <ConfirmDialog
          title="Take over the host controls?"
          description="The host's phone has been away for a minute. You can move the phases, run the defences and the reveal until the host is back; the controls then return to the host."
          confirmLabel="Take Over"
          onConfirm={takeOver}
          trigger={
            <Button size="md" disabled={busy} data-testid="take-over">
              <Crown aria-hidden className="size-4" /> Take Over the Host Controls
            </Button>
          }
        />
      ) : null}
    </section>
  );
}
