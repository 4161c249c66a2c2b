import { useParams } from 'react-router-dom';
import { ButtonLink } from '../../components/ui';
import { ErrorState } from '../../components/States';
import { phasesFor } from '../../features/game/phases';
import { PlayRouteGate } from '../../features/play/PlayRouteGate';
import { DayView } from '../../features/play/DayView';
import { withSession } from '../../lib/session';

/** One story day (/play/:gameId/day/:n): the storyline decides how many days there are. */
export default function DayPage() {
  const { n = '' } = useParams();
  const day = /^\d+$/.test(n) ? Number(n) : 0;
  return (
    <PlayRouteGate>
      {(ctx) =>
        day >= 1 && day <= phasesFor(ctx.game.storyline.days).dayCount ? (
          <DayView {...ctx} day={day} />
        ) : (
          <main id="main" className="mx-auto max-w-2xl px-safe pt-16">
            <ErrorState
              title="No such day"
              message={`This story has ${phasesFor(ctx.game.storyline.days).dayCount} days.`}
              action={<ButtonLink to={withSession(`/play/${ctx.game.id}/homepage`)}>Back to Character Homepage</ButtonLink>}
            />
          </main>
        )
      }
    </PlayRouteGate>
  );
}
