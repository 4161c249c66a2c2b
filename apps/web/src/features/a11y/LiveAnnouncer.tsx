import { useAnnouncer } from '../../store/announcer';

/**
 * The app's live region, on every page from the first render (a region added together with its text is often not
 * read). Each message replaces the last; the key makes a repeated message a new node, so it is read again.
 */
export function LiveAnnouncer() {
  const message = useAnnouncer((s) => s.message);
  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid="live-announcer">
      {message ? <span key={message.n}>{message.text}</span> : null}
    </div>
  );
}
