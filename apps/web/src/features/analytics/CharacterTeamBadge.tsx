import type { TCharacterVote } from '@ss/protocol';
import { Badge } from '../../components/ui';

/** Team told by word and colour (never colour alone). */
export function CharacterTeamBadge({ team }: { team: TCharacterVote['characterTeam'] }) {
  if (team === 'killer') return <Badge variant="danger">Killer</Badge>;
  if (team === 'shadow') return <Badge variant="shadow">Shadow</Badge>;
  return <Badge variant="seeker">Seekers</Badge>;
}

export const teamColor: Record<TCharacterVote['characterTeam'], string> = {
  killer: 'var(--color-blood-400)',
  shadow: 'var(--color-shadow)',
  seekers: 'var(--color-seeker)',
};
