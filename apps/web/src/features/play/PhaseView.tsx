import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FlaskConical, Search } from 'lucide-react';
import { phaseRoute } from '@ss/protocol';
import { ButtonLink, Card, CardContent, CardDescription, CardHeader, CardTitle, LoadingState, Select } from '../../components/ui';
import { ErrorState } from '../../components/States';
import { withSession } from '../../lib/session';
import { dayLabel, phaseRefName, phasesFor } from '../game/phases';
import { PlayFrame } from './PlayFrame';
import { DayContentCards } from './DayView';
import { Notes } from './Notes';
import { QuickRules } from './QuickRules';
import { playApi, playKeys } from './playApi';
import type { PlayContext } from './PlayGate';

/**
 * The investigation screen: the current day's evidence and maps, the player's notes, and (testing mode, host)
 * a dropdown to read the clues of another character.
 */
export function PhaseView({ game, me, character }: PlayContext) {
  const table = phasesFor(game.storyline.days);
  // The day shown: the current day, the last day once the votes have begun, day 1 before it opens.
  const day = game.phase.kind === 'day' && game.phase.day ? game.phase.day : game.phase.kind === 'homepage' ? 1 : table.dayCount;
  const opened = game.status !== 'setup' && game.phase.kind !== 'homepage';
  const canTest = game.isTestingMode && me.gamePlayer.isHost;
  const [viewAs, setViewAs] = useState(character.id);
  const characterId = canTest ? viewAs : character.id;
  const testing = characterId !== character.id;

  const cast = useQuery({
    queryKey: playKeys.characters(game.storylineId),
    queryFn: () => playApi.storylineCharacters(game.storylineId),
    enabled: canTest,
  });
  const q = useQuery({
    queryKey: [...playKeys.day(game.id, characterId, day), testing],
    queryFn: () => playApi.day(characterId, day, testing ? game.id : undefined),
    enabled: opened,
  });

  return (
    <PlayFrame game={game} me={me}>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="typewriter text-sm tracking-widest text-lamp-300 uppercase">{phaseRefName(game.phase, game.storyline.days)}</p>
          <h1 className="font-display text-3xl font-bold text-paper-50">Investigation</h1>
          <p className="text-paper-300">
            {character.name} · {character.profession}
          </p>
        </div>
        <QuickRules phase={game.phase.kind} />
      </header>

      {canTest ? (
        <Card data-testid="character-testing">
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <FlaskConical aria-hidden className="size-5 text-lamp-400" /> Character testing
            </CardTitle>
            <CardDescription>Testing mode: read the clues of any character for {dayLabel(day, game.storyline.days)}.</CardDescription>
          </CardHeader>
          <CardContent>
            <Select
              aria-label="View clues as character"
              value={viewAs}
              onValueChange={setViewAs}
              options={(cast.data ?? [{ id: character.id, name: character.name, profession: character.profession }]).map((c) => ({
                value: c.id,
                label: c.id === character.id ? `${c.name} (you)` : `${c.name} · ${c.profession}`,
              }))}
            />
          </CardContent>
        </Card>
      ) : null}

      {!opened ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-2 pt-5 text-center">
            <Search aria-hidden className="size-8 text-lamp-400" />
            <p className="font-display text-xl font-bold text-paper-50">Evidence arrives with Day One</p>
            <p className="text-paper-200">Read your character homepage while the host gets everyone ready.</p>
          </CardContent>
        </Card>
      ) : q.isPending ? (
        <LoadingState label="Opening the evidence…" />
      ) : q.isError ? (
        <ErrorState title="Character not found or day content unavailable" />
      ) : (
        <DayContentCards content={q.data} day={day} finalDay={day === table.dayCount} />
      )}

      <Notes gameId={game.id} />

      {game.status === 'in_progress' ? (
        <ButtonLink to={withSession(phaseRoute(table, game.id, game.currentPhase))} size="lg" block>
          Go to {phaseRefName(game.phase, game.storyline.days)}
        </ButtonLink>
      ) : null}
    </PlayFrame>
  );
}
