import { Navigate, useLocation, useParams } from 'react-router-dom';

/** The day routes before storylines chose their number of days (/play/:gameId/day-one … day-four) lead to /day/:n. */
export const OLD_DAY_PATHS = ['day-one', 'day-two', 'day-three', 'day-four'] as const;

export function OldDayRedirect({ day }: { day: number }) {
  const { gameId = '' } = useParams();
  const { search, hash } = useLocation();
  return <Navigate to={`/play/${gameId}/day/${day}${search}${hash}`} replace />;
}
