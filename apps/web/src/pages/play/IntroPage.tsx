import { refRoute } from '@ss/protocol';
import { ButtonLink, Card, CardContent } from '../../components/ui';
import { PlayFrame } from '../../features/play/PlayFrame';
import { PlayRouteGate } from '../../features/play/PlayRouteGate';
import { RulesContent, stageForPhase } from '../../features/play/QuickRules';
import { withSession } from '../../lib/session';

/** Introduction (/play/:gameId/intro): the rules in brief, then on to where the game is. */
export default function IntroPage() {
  return (
    <PlayRouteGate>
      {({ game, me, character }) => (
        <PlayFrame
          game={game}
          me={me}
          bottom={
            <ButtonLink
              to={withSession(game.status === 'in_progress' ? refRoute(game.id, game.phase) : `/play/${game.id}/homepage`)}
              size="lg"
              block
            >
              Continue as {character.name}
            </ButtonLink>
          }
        >
          <h1 className="font-display text-3xl font-bold text-paper-50">{game.title}</h1>
          <Card>
            <CardContent className="pt-4">
              <RulesContent stage={stageForPhase(game.phase.kind)} />
            </CardContent>
          </Card>
        </PlayFrame>
      )}
    </PlayRouteGate>
  );
}
