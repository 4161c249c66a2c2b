import { BookOpen, Eye, KeyRound, Lightbulb, ListOrdered, ScrollText, Target, UserRound } from 'lucide-react';
import { Card } from '../../components/ui';
import { Section } from '../../components/Prose';
import { TeamBadge } from '../game/TeamBadge';
import { HoldToReveal } from '../privacy/HoldToReveal';
import { ShadowTeamReveal } from './ShadowTeamReveal';
import { PlayFrame } from './PlayFrame';
import { BeginInvestigation } from './BeginInvestigation';
import { PressConference } from './PressConference';
import { QuickRules } from './QuickRules';
import { SeatMenu } from '../seats/SeatMenu';
import { DEFAULT_HEIGHT, toLines } from './lines';
import { Paragraphs } from './Paragraphs';
import type { PlayContext } from './PlayGate';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-ink-600 bg-ink-900/60 px-3 py-2">
      <dt className="text-xs font-semibold tracking-wide text-paper-300 uppercase">{label}</dt>
      <dd className="font-semibold text-paper-50">{value}</dd>
    </div>
  );
}

/** The character homepage: identity, objectives, instructions, secrets, introduction. */
export function HomepageView({ game, me, character: c }: PlayContext) {
  const instructions = toLines(c.specialInstructions);
  const script = c.isPressConferenceReader ? c.pressConferenceHomepage : null;

  return (
    <PlayFrame
      game={game}
      me={me}
      bottom={<BeginInvestigation game={game} capabilities={me.capabilities} />}
    >
      <Card className="overflow-hidden">
        <div className="flex gap-4 p-4">
          <img src={c.imageUrl} alt={c.imageAlt || c.name} className="size-24 shrink-0 rounded-lg bg-paper-100 object-cover sm:size-32" />
          <div className="min-w-0">
            <p className="typewriter text-xs tracking-widest text-lamp-300 uppercase">{game.title}</p>
            <h1 className="font-display text-3xl font-bold break-words text-paper-50" data-testid="character-name">
              {c.name}
            </h1>
            <p className="break-words text-paper-300">{c.profession}</p>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              {me.team ? (
                <HoldToReveal label="Hold to see your team" testId="hold-team">
                  <TeamBadge team={me.team} />
                </HoldToReveal>
              ) : null}
              <QuickRules phase={game.phase.kind} title="Game Rules" />
              <SeatMenu playerId={me.gamePlayer.id} />
            </div>
          </div>
        </div>
      </Card>

      <ShadowTeamReveal team={me.shadowTeam} />

      <Section id="identity" icon={UserRound} title="Character Identity">
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          <Fact label="Name" value={c.name} />
          <Fact label="Profession" value={c.profession} />
          <Fact label="Age" value={String(c.age)} />
          <Fact label="Height" value={c.height || DEFAULT_HEIGHT} />
          <Fact label="Gender" value={c.gender} />
        </dl>
        <h3 className="font-display text-lg font-bold text-paper-50">Appearance</h3>
        <p>{c.appearance}</p>
        <h3 className="font-display text-lg font-bold text-paper-50">Personality</h3>
        <p>{c.personality}</p>
        <h3 className="font-display text-lg font-bold text-paper-50">Backstory</h3>
        <Paragraphs text={c.backstory} />
        <h3 className="font-display text-lg font-bold text-paper-50">Relationships</h3>
        <Paragraphs text={c.relationships} />
      </Section>

      <Section id="objectives" icon={Target} title="Game Objectives">
        <Paragraphs text={c.gameObjective} />
      </Section>

      <Section id="instructions" icon={ListOrdered} title="Special Instructions">
        {instructions.length ? (
          <ol>
            {instructions.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ol>
        ) : (
          <p>No special instructions.</p>
        )}
      </Section>

      <Section id="tips" icon={Lightbulb} title="Gameplay Tips">
        <Paragraphs text={c.gameplayTips} />
      </Section>

      <Section id="secrets" icon={KeyRound} title="Your Character's Secrets">
        <p className="flex items-center gap-2 text-sm font-semibold text-blood-300">
          <Eye aria-hidden className="size-4" /> For your eyes only. Never show your screen.
        </p>
        <HoldToReveal label="Hold to read your secrets" block testId="hold-secrets">
          <Paragraphs text={c.secrets} />
          {c.motivation ? (
            <>
              <h3 className="font-display text-lg font-bold text-paper-50">Motivation</h3>
              <Paragraphs text={c.motivation} />
            </>
          ) : null}
        </HoldToReveal>
      </Section>

      <Section id="introduction" icon={ScrollText} title="Character Introduction">
        <Paragraphs text={c.storylineHomepage} />
      </Section>

      <PressConference script={script} />

      <p className="flex items-center gap-2 text-sm text-paper-300">
        <BookOpen aria-hidden className="size-4" /> Your clues arrive day by day, when the host opens each day.
      </p>
    </PlayFrame>
  );
}
