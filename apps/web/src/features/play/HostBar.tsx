import { useState } from 'react';
import { ChevronsRight, Crown, Flag } from 'lucide-react';
import type { TGameView, TMyCharacterResponse } from '@ss/protocol';
import { Button, ConfirmDialog, Dialog, DialogContent, DialogTrigger, Select } from '../../components/ui';
import { gamesApi } from '../game/gamesApi';
import { phaseName, phaseRefName, phasesFor } from '../game/phases';
import { seatOptions } from '../game/seatLabel';
import { errorMessage } from '../../lib/api';
import { toast } from '../../store/toast';
import { RejoinRequests } from '../seats/RejoinRequests';
import { MoveSeatDialog } from '../seats/MoveSeatDialog';
import { CoHostPicker } from '../table/CoHostPicker';
import { DefenceControls } from '../table/DefenceControls';
import { LateArrivals } from '../table-live/LateArrivals';
import { sendOrHold } from '../table-live/heldTaps';
import { commandId } from '../game/gamesApi';
import { HostNotes } from '../host-kit/HostNotes';

const NO_LEADER = 'none';

/**
 * The host plays too; on every in-game screen the host also gets this small bar to move everyone to the next
 * phase (after a confirmation) and to name the in-game leader. Each control shows as the seat's capabilities
 * (from the server) say: the co-host gets the phase controls, not the host's own.
 */
export function HostBar({ game, me }: { game: TGameView; me: Pick<TMyCharacterResponse, 'gamePlayer' | 'capabilities'> }) {
  const can = me.capabilities;
  const [leaderOpen, setLeaderOpen] = useState(false);
  if (game.status !== 'in_progress') return null;
  const atEnd = game.currentPhase >= phasesFor(game.storyline.days).last;
  const next = phaseName(game.currentPhase + 1, game.storyline.days);
  const leader = game.players.find((p) => p.id === game.leaderPlayerId) ?? null;

  // Offline, the tap is held and sent on reconnect (its command id and the phase it was made on keep it safe).
  async function advance() {
    const body = { action: 'advance', fromPhase: game.currentPhase, commandId: commandId() } as const;
    await sendOrHold('advance', `Next phase: ${next}`, async () => {
      try {
        await gamesApi.patch(game.id, body);
        toast({ title: 'Phase advanced', description: `Everyone moves on to: ${next}.`, variant: 'success', duration: 3000 });
      } catch (err) {
        toast({ title: 'Could not advance the phase', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
      }
    });
  }

  async function setLeader(value: string) {
    try {
      await gamesApi.patch(game.id, { action: 'set-leader', playerId: value === NO_LEADER ? null : value });
      const name = game.players.find((p) => p.id === value)?.displayName;
      toast({ title: name ? `${name} leads the investigation` : 'No in-game leader', variant: 'success', duration: 3000 });
      setLeaderOpen(false);
    } catch (err) {
      toast({ title: 'Could not set the leader', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    }
  }

  // One column at phone widths: the status line, then any request or defence across the whole width, then the
  // buttons two to a row, so a long name never squeezes beside a button into a narrow column.
  return (
    <section
      aria-label="Host controls"
      data-testid="host-bar"
      className="flex flex-col gap-2 rounded-xl border border-lamp-400/50 bg-lamp-400/10 p-2 sm:p-3"
    >
      <p className="flex min-w-0 items-start gap-2 text-sm text-lamp-200">
        <Crown aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span className="min-w-0 break-words">
          {me.gamePlayer.isHost ? 'Host' : game.actingHostPlayerId && game.actingHostPlayerId !== game.coHostPlayerId ? 'Acting host' : 'Co-host'} · <strong className="text-paper-50">{phaseRefName(game.phase, game.storyline.days)}</strong>
          {leader ? <span className="text-paper-300"> · Leader: {leader.displayName}</span> : null}
        </span>
      </p>
      <RejoinRequests game={game} />
      <LateArrivals game={game} />
      <DefenceControls game={game} />
      <HostNotes game={game} />
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:justify-end [&>*]:min-w-0">
        {can.setCoHost ? <CoHostPicker game={game} /> : null}
        {can.moveSeats ? <MoveSeatDialog game={game} /> : null}
        {can.setLeader ? (
          <Dialog open={leaderOpen} onOpenChange={setLeaderOpen}>
            <DialogTrigger asChild>
              <Button variant="ghost" size="md" aria-label={leader ? `In-game leader: ${leader.displayName}. Change` : 'Name the in-game leader'}>
                <Flag aria-hidden className="size-4" /> Leader
              </Button>
            </DialogTrigger>
            <DialogContent title="In-game leader" description="The leader keeps the discussion moving. Everyone still plays and votes.">
              <label htmlFor="leader-select" className="mb-2 block text-sm font-semibold text-paper-100">
                Leader
              </label>
              <Select
                id="leader-select"
                value={game.leaderPlayerId ?? NO_LEADER}
                onValueChange={(v) => void setLeader(v)}
                options={[{ value: NO_LEADER, label: 'No leader' }, ...seatOptions(game.players)]}
              />
            </DialogContent>
          </Dialog>
        ) : null}
        {atEnd ? null : (
          <ConfirmDialog
            title="Advance the phase?"
            description={
              game.phase.kind === 'suspect-vote' && !game.suspectVoting.allVotesSubmitted
                ? `Only ${game.suspectVoting.submittedCount} of ${game.suspectVoting.eligibleCount} suspect votes are in: the ballots cast so far decide the top 3. Every player moves on to ${next}.`
                : `Every player moves on to ${next}. Make sure everyone has finished reading.`
            }
            confirmLabel="Advance"
            onConfirm={advance}
            trigger={
              <Button size="md" data-testid="host-advance" className="col-span-2">
                <ChevronsRight aria-hidden className="size-4" /> Next phase
              </Button>
            }
          />
        )}
      </div>
    </section>
  );
}
