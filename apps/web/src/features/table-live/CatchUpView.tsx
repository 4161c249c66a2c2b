import { useNavigate } from 'react-router-dom';
import { BookOpen, CalendarDays, MessagesSquare, UserRound } from 'lucide-react';
import { refRoute } from '@ss/protocol';
import { Button, ButtonLink, Card, CardContent } from '../../components/ui';
import { TeamBadge } from '../game/TeamBadge';
import { dayLabel, phaseRefName } from '../game/phases';
import { withSession } from '../../lib/session';
import { PlayFrame } from '../play/PlayFrame';
import type { PlayContext } from '../play/PlayGate';

/**
 * A late arrival's one-screen catch-up: who they are, where the game is, what the others have had so far (their
 * character and the day, both open now), and the way in. Nothing here that their own seat may not see.
 */
export function CatchUpView({ game, me, character }: PlayContext) {
  const navigate = useNavigate();
  const here = withSession(refRoute(game.id, game.phase));
  // Seats are dealt until the end of Day 1: the game is at its homepage or on Day 1.
  const dayOpen = game.phase.kind === 'day';
  const others = game.players.filter((p) => p.id !== me.gamePlayer.id).length;
  return (
    <PlayFrame
      game={game}
      me={me}
      bottom={
        <Button size="lg" block onClick={() => navigate(here)} data-testid="catch-up-go">
          Join the Game: {phaseRefName(game.phase, game.storyline.days)}
        </Button>
      }
    >
      <header data-testid="catch-up">
        <p className="typewriter text-sm tracking-widest text-lamp-300 uppercase">You have a seat</p>
        <h1 className="font-display text-3xl font-bold text-paper-50">Welcome, {me.gamePlayer.displayName}</h1>
      </header>
      <Card>
        <CardContent className="flex items-center gap-4 pt-5">
          <img src={character.imageUrl} alt="" className="size-16 shrink-0 rounded-full bg-paper-100 object-cover" />
          <div className="min-w-0">
            <p className="text-paper-300">You play</p>
            <p className="font-display text-xl font-bold break-words text-paper-50" data-testid="catch-up-character">
              {character.name}
            </p>
            {me.team ? <TeamBadge team={me.team} /> : null}
          </div>
        </CardContent>
      </Card>
      <ol className="flex flex-col gap-3 text-paper-200">
        <li className="flex gap-3">
          <CalendarDays aria-hidden className="mt-0.5 size-5 shrink-0 text-lamp-400" />
          <span>
            The game is at <strong className="text-paper-50">{phaseRefName(game.phase, game.storyline.days)}</strong>. {others} players are at the
            table, and one of them is the killer.
          </span>
        </li>
        <li className="flex gap-3">
          <UserRound aria-hidden className="mt-0.5 size-5 shrink-0 text-lamp-400" />
          <span>Read your character first: who you are, your secrets, and what you want tonight.</span>
        </li>
        <li className="flex gap-3">
          <BookOpen aria-hidden className="mt-0.5 size-5 shrink-0 text-lamp-400" />
          <span>
            {dayOpen
              ? `${dayLabel(1, game.storyline.days)} is open: its clues are on your phone, as everyone else's are.`
              : `${dayLabel(1, game.storyline.days)} opens when the host starts it; you will have it with everyone.`}
          </span>
        </li>
        <li className="flex gap-3">
          <MessagesSquare aria-hidden className="mt-0.5 size-5 shrink-0 text-lamp-400" />
          <span>Then ask around: the others have talked already, and your questions are new.</span>
        </li>
      </ol>
      <div className="flex flex-col gap-2 sm:flex-row">
        <ButtonLink to={withSession(`/play/${game.id}/homepage`)} variant="secondary" size="lg" block>
          Read Your Character
        </ButtonLink>
        {dayOpen ? (
          <ButtonLink to={withSession(`/play/${game.id}/day/1`)} variant="secondary" size="lg" block>
            Read {dayLabel(1, game.storyline.days)}
          </ButtonLink>
        ) : null}
      </div>
    </PlayFrame>
  );
}
