import type { TGameStatus } from '@ss/protocol';
import { Badge } from '../../components/ui';
import { statusLabel, statusVariant } from './phases';

export function StatusBadge({ status }: { status: TGameStatus }) {
  return <Badge variant={statusVariant[status]}>{statusLabel[status]}</Badge>;
}
