import { Eye, Moon } from 'lucide-react';
import type { TTeam } from '@ss/protocol';
import { Badge } from '../../components/ui';

/** Team told by colour AND word. */
export function TeamBadge({ team }: { team: TTeam }) {
  return team === 'seeker' ? (
    <Badge variant="seeker" data-testid="team-badge">
      <Eye aria-hidden className="size-3.5" /> Seeker
    </Badge>
  ) : (
    <Badge variant="shadow" data-testid="team-badge">
      <Moon aria-hidden className="size-3.5" /> Shadow
    </Badge>
  );
}
