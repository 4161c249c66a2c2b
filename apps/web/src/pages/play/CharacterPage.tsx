import { Link, useNavigate, useParams } from 'react-router-dom';
import { BookOpen } from 'lucide-react';
import {
  Button,
  Card,
  CardContent,
  LoadingState,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '../../components/ui';
import { BottomBar, Page } from '../../components/Page';
import { useFollowGame } from '../../features/game/useFollowGame';
import { usePlayRedirect } from '../../features/game/usePlayRedirect';
import { useWakeLock } from '../../features/game/useWakeLock';
import { PlayErrorPage } from '../../features/game/PlayErrorPage';
import { TeamBadge } from '../../features/game/TeamBadge';
import { HoldToReveal } from '../../features/privacy/HoldToReveal';
import { PrivacyShield } from '../../features/privacy/PrivacyShield';
import { NoCharacterPage } from '../../features/play/NoCharacterPage';
import { ShadowTeamReveal } from '../../features/play/ShadowTeamReveal';
import { withSession } from '../../lib/session';
import { PinSheet } from '../../features/seats/PinNotice';
import { SeatMenu } from '../../features/seats/SeatMenu';

function Para({ title, text }: { title: string; text: string }) {
  return (
    <div>
      <h3 className="font-display text-lg font-bold text-paper-50">{title}</h3>
      <p className="whitespace-pre-line text-paper-200">{text}</p>
    </div>
  );
}

/** Welcome / pre-game character screen. Moves to the homepage when the host starts. */
export default function CharacterPage() {
  const { gameId = '' } = useParams();
  const { game, me, error } = useFollowGame(gameId);
  const navigate = useNavigate();
  usePlayRedirect(game, me);
  useWakeLock();

  if (error && !game) return <PlayErrorPage error={error} />;
  if (!game || !me) return <LoadingState label="Opening your character…" />;

  const c = me.character;
  if (!c) return <NoCharacterPage gameId={gameId} />;

  const started = game.status === 'in_progress';

  return (
    <>
      <Page bottomBar>
        <PinSheet playerId={me.gamePlayer.id} />
        <div className="flex flex-col gap-4 pt-4">
          <Card className="overflow-hidden">
            <img src={c.imageUrl} alt={c.imageAlt || c.name} className="aspect-[4/3] w-full bg-ink-700 object-cover" />
            <CardContent className="flex flex-col gap-2 pt-4">
              <div className="flex flex-wrap items-center gap-2">
                <h1 className="font-display text-3xl font-bold break-words text-paper-50" data-testid="character-name">
                  {c.name}
                </h1>
                {me.team ? (
                  <HoldToReveal label="Hold to see your team" testId="hold-team">
                    <TeamBadge team={me.team} />
                  </HoldToReveal>
                ) : null}
                <span className="ml-auto">
                  <SeatMenu playerId={me.gamePlayer.id} />
                </span>
              </div>
              <p className="text-paper-300">
                {c.profession} · {c.age} · {c.gender}
              </p>
              <p className="text-paper-200">{c.description}</p>
            </CardContent>
          </Card>

          <ShadowTeamReveal team={me.shadowTeam} />

          <Tabs defaultValue="backstory">
            <TabsList aria-label="About your character">
              <TabsTrigger value="backstory">Backstory</TabsTrigger>
              <TabsTrigger value="evidence">Evidence</TabsTrigger>
              <TabsTrigger value="media">Media</TabsTrigger>
              <TabsTrigger value="voting">Voting</TabsTrigger>
            </TabsList>
            <TabsContent value="backstory" className="flex flex-col gap-4">
              <Para title="Backstory" text={c.backstory} />
              <Para title="Personality" text={c.personality} />
              <Para title="Relationships" text={c.relationships} />
              <HoldToReveal label="Hold to read your secrets" block testId="hold-secrets">
                <Para title="Your secrets" text={c.secrets} />
              </HoldToReveal>
            </TabsContent>
            <TabsContent value="evidence" className="flex flex-col gap-3 text-paper-200">
              <p className="typewriter text-lamp-200">CASE FILE — SEALED UNTIL DAY ONE</p>
              <p>
                Your clues arrive with each story day: maps, crime-scene photographs and what your character knows. Read
                them when the host opens the day.
              </p>
              <p>If you become one of the top 3 suspects, the police search your home and you’ll see what they found.</p>
            </TabsContent>
            <TabsContent value="media">
              <figure className="flex flex-col gap-2">
                <img src={c.imageUrl} alt={c.imageAlt || c.name} className="w-full rounded-lg bg-ink-700 object-contain" />
                <figcaption className="text-sm text-paper-300">{c.name}</figcaption>
              </figure>
            </TabsContent>
            <TabsContent value="voting" className="flex flex-col gap-2 text-paper-200">
              <p>After day four, every player with a vote picks exactly 3 suspects. The top 3 lose their final vote.</p>
              <p>Then everyone who still has a vote names the killer. Showing your screen or being caught lying can cost you your vote.</p>
              <Link to="/how-to-play" className="inline-flex min-h-11 items-center gap-2 font-semibold text-lamp-300 underline">
                <BookOpen aria-hidden className="size-4" /> How to Play
              </Link>
            </TabsContent>
          </Tabs>
        </div>
      </Page>
      <PrivacyShield />
      <BottomBar>
        {started ? (
          <Button size="lg" block onClick={() => navigate(withSession(`/play/${gameId}/phase`))}>
            Begin Investigation
          </Button>
        ) : (
          <Button size="lg" block disabled>
            Waiting for Game to Start
          </Button>
        )}
      </BottomBar>
    </>
  );
}
