import { useState } from 'react';
import { FileDown } from 'lucide-react';
import { Button } from '../../components/ui';
import { errorMessage } from '../../lib/api';
import { toast } from '../../store/toast';
import { hostKitApi } from './hostKitApi';

/** Downloads the storyline's printable host guide (PDF; no answers in it: the host plays blind). */
export function HostGuideButton({ storylineId, size = 'md' }: { storylineId: string; size?: 'md' | 'lg' }) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      await hostKitApi.downloadGuide(storylineId);
    } catch (err) {
      toast({ title: 'Could not download the host guide', description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="ghost" size={size} onClick={() => void download()} disabled={busy} data-testid="host-guide">
      <FileDown aria-hidden className="size-4" /> Host guide (PDF)
    </Button>
  );
}
