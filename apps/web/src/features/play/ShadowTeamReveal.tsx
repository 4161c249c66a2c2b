import type { TShadowTeam } from '@ss/protocol';
import { HoldToReveal } from '../privacy/HoldToReveal';
import { ShadowTeamCard } from './ShadowTeamCard';

/** A Shadow's team stays hidden until held, so a glance at the phone across the table gives nothing away. */
export function ShadowTeamReveal({ team }: { team: TShadowTeam | null | undefined }) {
  if (!team) return null;
  return (
    <HoldToReveal label="Hold to see your Shadow team" block testId="hold-shadow-team">
      <ShadowTeamCard team={team} />
    </HoldToReveal>
  );
}
