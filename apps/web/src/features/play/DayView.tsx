import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, BookOpenText, Brain, FileSearch, HeartCrack, Lock, Map as MapIcon, Moon, Newspaper, Users } from 'lucide-react';
import { isDayUnlocked, phaseRoute, type TDayContent } from '@ss/protocol';
import { dayLabel, dayWord, phasesFor, type StoryDays } from '../game/phases';
import { ButtonLink, Card, CardContent, LoadingState } from '../../components/ui';
import { Section } from '../../components/Prose';
import { ErrorState } from '../../components/States';
import { MediaGallery } from '../media/MediaGallery';
import { HoldToReveal } from '../privacy/HoldToReveal';
import { withSession } from '../../lib/session';
import { ApiRequestError } from '../../lib/api';
import { PlayFrame } from './PlayFrame';
import { PressConference } from './PressConference';
import { QuickRules } from './QuickRules';
import { MemoryFlash } from './MemoryFlash';
import { DailySuspectTracker } from './DailySuspectTracker';
import { playApi, playKeys } from './playApi';
import { Paragraphs } from './Paragraphs';
import type { PlayContext } from './PlayGate';

export const STORY_FALLBACK = 'Your story for this day has not been written yet. Talk to the other characters and listen carefully.';

/** Back and forward targets of a day page: homepage ↔ day 1 ↔ … ↔ the storyline's last day → vote (its phase table's order). */
export function dayNavigation(gameId: string, day: number, days: StoryDays) {
  const table = phasesFor(days);
  const back =
    day === 1
      ? { to: phaseRoute(table, gameId, 0), label: 'Back to Character Homepage' }
      : { to: phaseRoute(table, gameId, day - 1), label: `Back to ${dayLabel(day - 1, days)}` };
  const forward =
    day >= table.dayCount
      ? { to: phaseRoute(table, gameId, table.suspectVote), label: 'Continue to Voting Phase' }
      : { to: phaseRoute(table, gameId, day + 1), label: `Continue to ${dayLabel(day + 1, days)}` };
  return { back, forward };
}

/** While the day loads (`loading`), the banner keeps the picture's box so nothing below it jumps when it arrives. */
function DayBanner({ day, date, name, image, loading }: { day: number; date: string; name: string; image: string | null; loading: boolean }) {
  return (
    <header className="overflow-hidden rounded-xl border border-ink-600 bg-ink-800" data-testid="day-banner">
      {image ? (
        <img src={image} alt="" className="aspect-[4/1] w-full bg-ink-700 object-cover" />
      ) : loading ? (
        <div aria-hidden className="aspect-[4/1] w-full bg-ink-700" />
      ) : null}
      <div className="px-4 py-3">
        <p className="typewriter text-sm tracking-widest text-lamp-200 uppercase">
          Day {dayWord(day)}
          {name ? ` · ${name}` : ''}
        </p>
        <h1 className="font-display text-3xl font-bold text-paper-50 sm:text-4xl">{date}</h1>
      </div>
    </header>
  );
}

/** Back and forward; a locked day offers only the way back (there is nothing ahead to continue to yet). */
function DayNav({ gameId, day, days, locked }: { gameId: string; day: number; days: StoryDays; locked: boolean }) {
  const { back, forward } = dayNavigation(gameId, day, days);
  return (
    <nav aria-label="Story days" className={locked ? 'grid grid-cols-1 gap-2' : 'grid grid-cols-2 gap-2'}>
      <ButtonLink to={withSession(back.to)} variant="secondary" className="h-full text-center">
        <ArrowLeft aria-hidden className="size-4 shrink-0" /> {back.label}
      </ButtonLink>
      {locked ? null : (
        <ButtonLink to={withSession(forward.to)} className="h-full text-center">
          {forward.label} <ArrowRight aria-hidden className="size-4 shrink-0" />
        </ButtonLink>
      )}
    </nav>
  );
}

/** The content cards of a day (also used by the phase screen). */
export function DayContentCards({ content, day, finalDay, mapsTitle }: { content: TDayContent; day: number; finalDay: boolean; mapsTitle?: string }) {
  return (
    <>
      {content.dayClue ? (
        <Section id={`news-${day}`} icon={Newspaper} title="Today in the case">
          <Paragraphs text={content.dayClue} />
        </Section>
      ) : null}
      <Section id={`story-${day}`} icon={BookOpenText} title="Your Story">
        <Paragraphs text={content.storyline.trim() ? content.storyline : STORY_FALLBACK} />
      </Section>
      <WhomToAsk day={day} lines={content.whomToAsk} />
      {content.shadowBrief ? (
        <HoldToReveal label="Hold to read your Shadow brief" block testId="hold-shadow-brief">
          <ShadowBrief day={day} brief={content.shadowBrief} />
        </HoldToReveal>
      ) : null}
      <Section id={`maps-${day}`} icon={MapIcon} title={mapsTitle ?? (finalDay ? 'Final Locations' : 'Maps')}>
        <MediaGallery items={content.mapsMedia} label="Maps" columns={1} empty="No maps for this day." />
      </Section>
      <Section id={`clues-${day}`} icon={FileSearch} title="(Leaked) Crime Scene Evidence">
        <MediaGallery items={content.clueMedia} label="Crime scene evidence" empty="No crime scene evidence has leaked today." />
      </Section>
      <Section id={`knowledge-${day}`} icon={Brain} title="Character Knowledge">
        <MediaGallery items={content.knowledgeMedia} label="Character knowledge" empty="Nothing new for your character today." />
      </Section>
      <Section id={`victim-${day}`} icon={HeartCrack} title="Memories of the victim">
        <Paragraphs text={content.victimRelationship} />
      </Section>
    </>
  );
}

/** Whom to ask today: only characters in tonight's game (the server leaves out or stands in for absent ones). */
function WhomToAsk({ day, lines }: { day: number; lines: TDayContent['whomToAsk'] }) {
  if (lines.length === 0) return null;
  return (
    <Section id={`ask-${day}`} icon={Users} title="Whom to ask">
      <ul data-testid="whom-to-ask">
        {lines.map((l, i) => (
          <li key={i}>
            {l.name ? <strong>{l.name}: </strong> : null}
            {l.about}
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** Today's plan for a Shadow; the server sends it only to a Shadow holding this character. */
function ShadowBrief({ day, brief }: { day: number; brief: NonNullable<TDayContent['shadowBrief']> }) {
  return (
    <section
      aria-labelledby={`shadow-brief-${day}-title`}
      className="rounded-xl border-2 border-blood-400/60 bg-blood-400/10 p-5"
      data-testid="shadow-brief"
    >
      <h2 id={`shadow-brief-${day}-title`} className="flex items-center gap-2 font-display text-2xl font-bold text-paper-50">
        <Moon aria-hidden className="size-6 text-blood-300" /> Shadow brief
      </h2>
      <p className="mt-1 text-sm font-semibold text-blood-300">For your eyes only. Never show your screen.</p>
      <dl className="mt-3 flex flex-col gap-3 text-paper-200">
        <div>
          <dt className="font-semibold text-paper-50">Keep hidden</dt>
          <dd className="whitespace-pre-line">{brief.hide}</dd>
        </div>
        {brief.steer.length > 0 ? (
          <div>
            <dt className="font-semibold text-paper-50">Steer suspicion</dt>
            <dd>
              <ul className="ml-5 list-disc space-y-1.5">
                {brief.steer.map((t) => (
                  <li key={t.characterId}>
                    <strong className="text-paper-50">{t.name}: </strong>
                    {t.material}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
        <div>
          <dt className="font-semibold text-paper-50">A safe lie</dt>
          <dd className="whitespace-pre-line">{brief.safeLie}</dd>
        </div>
        <div>
          <dt className="font-semibold text-paper-50">A lie a clue can catch (avoid it)</dt>
          <dd className="whitespace-pre-line">{brief.riskyLie}</dd>
        </div>
      </dl>
    </section>
  );
}

/** A day the host has not opened yet; it opens by itself when the phase changes (the live phase is in the key). */
function LockedDay({ day }: { day: number }) {
  return (
    <Card data-testid="day-locked">
      <CardContent className="flex flex-col items-center gap-3 pt-5 text-center">
        <Lock aria-hidden className="size-8 text-lamp-400" />
        <p className="font-display text-xl font-bold text-paper-50">The host hasn&apos;t opened this day yet</p>
        <p className="text-paper-200" role="status">
          Day {dayWord(day)} opens for everyone at the same time. This page updates by itself.
        </p>
      </CardContent>
    </Card>
  );
}

/** One story day of the player's character, readable once the host has reached that day. */
export function DayView({ game, me, character, day }: PlayContext & { day: number }) {
  const table = phasesFor(game.storyline.days);
  const unlocked = game.status !== 'setup' && isDayUnlocked(table, game.currentPhase, day);
  const q = useQuery({
    queryKey: playKeys.day(game.id, character.id, day),
    queryFn: () => playApi.day(character.id, day),
    enabled: unlocked,
  });
  const content = q.data;
  const days = game.storyline.days;
  const date = content?.date || dayLabel(day, days);
  const name = content?.dayName || days.find((d) => d.day === day)?.name || '';
  const finalDay = day === table.dayCount;

  return (
    <PlayFrame game={game} me={me}>
      <DayBanner day={day} date={date} name={name} image={content?.bannerImage ?? null} loading={unlocked && q.isPending} />
      <Card>
        <CardContent className="flex flex-wrap items-center justify-between gap-3 pt-4">
          <div className="min-w-0 flex-1 basis-48">
            <p className="font-display text-xl font-bold break-words text-paper-50">{character.name}</p>
            <p className="break-words text-paper-300">{character.profession}</p>
          </div>
          {finalDay ? <QuickRules phase={game.phase.kind} title={`Day ${dayWord(day)} Truth`} /> : <QuickRules phase={game.phase.kind} />}
        </CardContent>
      </Card>

      {!unlocked ? (
        <LockedDay day={day} />
      ) : q.isPending ? (
        // As tall as a day's story, so the day navigation below does not jump when the text arrives.
        <div className="min-h-[75vh]">
          <LoadingState label={`Opening day ${dayWord(day).toLowerCase()}…`} />
        </div>
      ) : q.isError || !content ? (
        <ErrorState
          title="Character not found or day content unavailable"
          message={q.error instanceof ApiRequestError ? (q.error.serverMessage ?? undefined) : undefined}
          action={
            <ButtonLink to={withSession(`/play/${game.id}/homepage`)} variant="secondary">
              Back to Character Homepage
            </ButtonLink>
          }
        />
      ) : (
        <>
          <DayContentCards content={content} day={day} finalDay={finalDay} />
          <PressConference script={character.isPressConferenceReader ? content.pressConference : null} />
          {game.isTestingMode ? <DailySuspectTracker game={game} day={day} gamePlayerId={me.gamePlayer.id ?? null} /> : null}
          {character.hasMemoryFlashes ? <MemoryFlash gameId={game.id} day={day} text={content.memoryFlash} /> : null}
        </>
      )}

      <DayNav gameId={game.id} day={day} days={days} locked={!unlocked} />
    </PlayFrame>
  );
}
