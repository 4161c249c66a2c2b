import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Ban, Gavel, Lock, ShieldAlert, Vote } from 'lucide-react';
import type { TPublicPlayer } from '@ss/protocol';
import { Badge, Button, ButtonLink, Card, CardContent, CardDescription, CardHeader, CardTitle, Checkbox, ConfirmDialog } from '../../components/ui';
import { ApiRequestError, errorMessage } from '../../lib/api';
import { withSession } from '../../lib/session';
import { cn } from '../../lib/cn';
import { toast } from '../../store/toast';
import { PlayFrame } from '../play/PlayFrame';
import { usePhaseNavigate } from '../play/usePhaseNavigate';
import { QuickRules } from '../play/QuickRules';
import type { PlayContext } from '../play/PlayGate';
import { dayWord, phasesFor } from '../game/phases';
import { choiceTone } from './choiceTone';
import { PlayerLabel } from './PlayerLabel';
import { hasVoted } from './markers';
import { castBallot } from './castBallot';
import { SUSPECT_PICKS, selectionHint, toggleSuspect } from './selection';
import { votingApi } from './votingApi';

function DetectiveAuthority() {
  return (
    <Card className="border-seeker/60" data-testid="detective-authority">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldAlert aria-hidden className="size-5 text-seeker" /> Detective Authority
        </CardTitle>
        <CardDescription>
          As the detective you can take the vote from anyone caught lying against the evidence. Use &lsquo;Remove Vote&rsquo;
          next to their name; it cannot be undone.
        </CardDescription>
      </CardHeader>
    </Card>
  );
}

function RemoveVoteButton({ gameId, player }: { gameId: string; player: TPublicPlayer }) {
  const name = player.character?.name ?? player.displayName;
  async function remove() {
    try {
      await votingApi.removeVote(gameId, player.id);
      toast({
        title: 'Voting rights removed',
        description: 'Player can no longer vote due to lying to the detective.',
        variant: 'success',
        duration: 3000,
      });
    } catch (err) {
      toast({ title: 'Failed to remove voting rights', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    }
  }
  return (
    <ConfirmDialog
      title={`Remove ${name}'s vote?`}
      description={`${player.displayName} will not be able to vote for suspects or for the killer. This cannot be undone.`}
      confirmLabel="Confirm Removal"
      confirmVariant="danger"
      onConfirm={remove}
      trigger={
        <Button variant="danger" size="md" aria-label={`Remove Vote: ${name}`} title={`Remove Vote: ${name}`} className="shrink-0 px-3">
          <Ban aria-hidden className="size-4" />
          {/* On a phone the action is an icon (its accessible name says what it does), so names keep the width. */}
          <span className="hidden sm:inline">Remove Vote</span>
        </Button>
      }
    />
  );
}

/** Suspect voting: pick exactly 3, submit, then wait on the outcome screen. */
export function SuspectVotingView({ game, me, character }: PlayContext) {
  const navigate = useNavigate();
  const follow = usePhaseNavigate();
  const [selected, setSelected] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const myId = me.gamePlayer.id;
  const meLive = game.players.find((p) => p.id === myId);
  const voteLost = meLive?.voteLost ?? me.gamePlayer.voteLost;
  const lastDay = phasesFor(game.storyline.days).dayCount;
  const open = game.status === 'in_progress' && game.phase.kind === 'suspect-vote';
  const closed = Boolean(game.suspectVoting.topSuspects) || game.status === 'completed' || game.phase.kind === 'final-vote';
  const outcome = withSession(`/play/${game.id}/outcome`);
  const alreadyVoted = hasVoted('suspects', game.id, myId);

  // Once the ballot is in (or the vote has closed), this screen has nothing left to offer: the outcome waits.
  useEffect(() => {
    if (closed || (open && alreadyVoted && !voteLost)) follow(outcome, { replace: true });
  }, [closed, open, alreadyVoted, voteLost, outcome, follow]);

  function toggle(id: string) {
    const r = toggleSuspect(selected, id);
    if (!r.ok) {
      toast({ title: 'Maximum suspects reached', description: 'You can only select 3 suspects.', variant: 'destructive', duration: 3000 });
      return;
    }
    setSelected(r.selection);
  }

  async function submit() {
    if (busy) return;
    if (selected.length !== SUSPECT_PICKS) {
      toast({ title: 'Select 3 suspects', description: 'You must select exactly 3 suspects to proceed.', variant: 'destructive', duration: 3000 });
      return;
    }
    setBusy(true);
    try {
      const ballot = await castBallot('suspects', game.id, myId, () => votingApi.submitSuspects(game.id, selected));
      if (ballot === 'cast') {
        toast({ title: 'Suspects selected', description: 'Your votes have been recorded. Awaiting other players...', variant: 'success', duration: 3000 });
      }
      navigate(outcome);
    } catch (err) {
      console.error(`Failed to submit suspect votes: ${err instanceof ApiRequestError ? `${err.status} ${err.bodyText}` : String(err)}`);
      toast({
        title: 'Failed to submit votes',
        description: errorMessage(err, 'There was an error submitting your votes. Please try again.'),
        variant: 'destructive',
      });
      setBusy(false);
    }
  }

  const ready = selected.length === SUSPECT_PICKS;
  const canVote = open && !voteLost;

  return (
    <PlayFrame
      game={game}
      me={me}
      bottom={
        canVote ? (
          <>
            <p className="text-center text-sm font-semibold text-paper-200" role="status" aria-live="polite" data-testid="vote-hint">
              {selectionHint(selected.length)}
            </p>
            <Button size="lg" block aria-disabled={!ready || busy} onClick={() => void submit()} data-testid="submit-suspects">
              <Vote aria-hidden className="size-5" />
              {busy ? 'Submitting...' : 'Submit Suspect Votes'}
            </Button>
          </>
        ) : null
      }
    >
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="typewriter text-sm tracking-widest text-lamp-300 uppercase">After Day {dayWord(lastDay)}</p>
          <h1 className="font-display text-3xl font-bold text-paper-50">Suspect Voting Phase</h1>
          <p className="text-paper-300">
            {character.name} · {character.profession}
          </p>
        </div>
        <QuickRules phase="suspect-vote" />
      </header>

      {!open && !closed ? (
        <Card data-testid="vote-locked">
          <CardContent className="flex flex-col items-center gap-3 pt-5 text-center">
            <Lock aria-hidden className="size-8 text-lamp-400" />
            <p className="font-display text-xl font-bold text-paper-50">Voting opens when the host starts it</p>
            <p className="text-paper-200" role="status">
              Finish the discussion of Day {dayWord(lastDay)}. This page opens by itself.
            </p>
          </CardContent>
        </Card>
      ) : null}

      {open && voteLost ? (
        <div role="alert" className="flex flex-col gap-3 rounded-xl border-2 border-blood-400 bg-blood-700/30 p-4" data-testid="vote-lost-notice">
          <p className="flex items-center gap-2 font-display text-xl font-bold text-paper-50">
            <Ban aria-hidden className="size-5 text-blood-300" /> You have lost your vote
          </p>
          <p className="text-paper-100">
            You were caught lying or showed your screen, so you cannot vote for suspects. Keep watching: the search
            warrants are served once everyone has voted.
          </p>
          <ButtonLink to={outcome} variant="secondary">
            View Search Warrant Results
          </ButtonLink>
        </div>
      ) : null}

      {open && character.isDetective ? <DetectiveAuthority /> : null}

      {open ? (
        <>
          {canVote ? (
            <Card>
              <CardHeader>
                <CardTitle className="flex items-center gap-2">
                  <Gavel aria-hidden className="size-5 text-lamp-400" /> Select 3 Suspects
                </CardTitle>
                <CardDescription>Choose the three players you most suspect. The top 3 lose their final vote and have their homes searched.</CardDescription>
              </CardHeader>
              <CardContent className="flex items-center gap-3">
                <span className="font-semibold text-paper-50" data-testid="selected-count">
                  Selected {selected.length}/3
                </span>
                <span className="flex gap-1.5" aria-hidden>
                  {[0, 1, 2].map((i) => (
                    <span
                      key={i}
                      className={cn('size-3 rounded-full border-2', i < selected.length ? 'border-lamp-400 bg-lamp-400' : 'border-paper-400')}
                    />
                  ))}
                </span>
              </CardContent>
            </Card>
          ) : null}

          <Card>
            <CardHeader>
              <CardTitle>All Players</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="flex flex-col gap-2" aria-label="All players" data-testid="vote-player-list">
                {game.players.map((p) => {
                  const self = p.id === myId;
                  const checked = selected.includes(p.id);
                  const id = `suspect-${p.id}`;
                  const name = p.character?.name ?? p.displayName;
                  return (
                    <li
                      key={p.id}
                      data-testid="vote-player"
                      className={cn(
                        'flex flex-wrap items-center gap-2 rounded-lg border p-1',
                        choiceTone(checked),
                      )}
                    >
                      {/* The whole row is the target (at least 48 px tall), not only the box. */}
                      <label
                        htmlFor={canVote ? id : undefined}
                        data-testid="vote-choice"
                        className={cn(
                          'flex min-h-12 min-w-0 flex-1 items-center gap-3 rounded-md px-2 py-1',
                          canVote && !self && 'cursor-pointer',
                        )}
                      >
                        {canVote ? (
                          <Checkbox
                            id={id}
                            checked={checked}
                            disabled={self}
                            onCheckedChange={() => toggle(p.id)}
                            aria-label={self ? `${name} (you cannot select yourself)` : `Suspect ${name} (${p.displayName})`}
                          />
                        ) : null}
                        <span className="min-w-0 flex-1">
                          <PlayerLabel player={p} you={self} />
                        </span>
                      </label>
                      {p.voteLost ? (
                        <Badge variant="danger" data-testid="no-vote-tag">
                          No Vote
                        </Badge>
                      ) : null}
                      {character.isDetective && !self && !p.voteLost ? <RemoveVoteButton gameId={game.id} player={p} /> : null}
                    </li>
                  );
                })}
              </ul>
            </CardContent>
          </Card>
        </>
      ) : null}
    </PlayFrame>
  );
}
