import { FileDown } from 'lucide-react';
import { Button } from '../../components/ui';
import { useBusyAction } from '../../lib/useBusyAction';
import { hostKitApi } from './hostKitApi';

/** Downloads the storyline's printable host guide (PDF; no answers in it: the host plays blind). */
export function HostGuideButton({ storylineId, size = 'md' }: { storylineId: string; size?: 'md' | 'lg' }) {
  const { busy, run } = useBusyAction();
  const download = () => run(() => hostKitApi.downloadGuide(storylineId), 'Could not download the host guide');
  return (
    <Button variant="ghost" size={size} onClick={() => void download()} disabled={busy} data-testid="host-guide">
      <FileDown aria-hidden className="size-4" /> Host guide (PDF)
    </Button>
  );
}
