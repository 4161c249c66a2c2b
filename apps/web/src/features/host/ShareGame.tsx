import { QRCodeSVG } from 'qrcode.react';
import { Copy, Share2 } from 'lucide-react';
import { Button } from '../../components/ui';
import { toast } from '../../store/toast';

export function joinUrl(joinCode: string): string {
  return `${window.location.origin}/join?gameId=${encodeURIComponent(joinCode)}`;
}

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: `${what} copied`, description: text, variant: 'success' });
  } catch {
    toast({ title: `Could not copy the ${what.toLowerCase()}`, description: text });
  }
}

/** Room code with copy, join link with share, and a QR code that opens the join page. */
export function ShareGame({ joinCode, title }: { joinCode: string; title: string }) {
  const url = joinUrl(joinCode);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  async function share() {
    if (canShare) {
      try {
        await navigator.share({ title: `Join ${title}`, text: `Join our murder mystery with room code ${joinCode}`, url });
        return;
      } catch (err) {
        if (err instanceof DOMException && err.name === 'AbortError') return;
      }
    }
    await copy(url, 'Join link');
  }

  return (
    <div className="flex flex-col gap-4 md:flex-row md:items-center">
      <div className="flex flex-1 flex-col gap-3">
        <div>
          <p className="text-sm font-semibold text-paper-300" id="room-code-label">
            Room code
          </p>
          <div className="flex items-center gap-2">
            <output
              aria-labelledby="room-code-label"
              className="typewriter text-4xl tracking-[0.35em] text-lamp-300 sm:text-5xl"
              data-testid="room-code"
            >
              {joinCode}
            </output>
            <Button variant="ghost" size="icon" aria-label="Copy room code" onClick={() => void copy(joinCode, 'Room code')}>
              <Copy aria-hidden className="size-5" />
            </Button>
          </div>
        </div>
        <div>
          <p className="text-sm font-semibold text-paper-300">Join link</p>
          {/* The link may wrap after its origin, never inside the room code. */}
          <p className="text-paper-100" data-testid="join-url">
            <span className="[overflow-wrap:anywhere]">{url.slice(0, url.length - encodeURIComponent(joinCode).length)}</span>
            <span className="whitespace-nowrap">{encodeURIComponent(joinCode)}</span>
          </p>
        </div>
        <Button variant="secondary" onClick={() => void share()} className="self-start">
          <Share2 aria-hidden className="size-4" />
          {canShare ? 'Share' : 'Copy Link'}
        </Button>
      </div>
      <div className="self-center rounded-xl bg-paper-50 p-3">
        <QRCodeSVG value={url} size={176} level="M" title={`QR code to join with room code ${joinCode}`} role="img" />
      </div>
    </div>
  );
}
