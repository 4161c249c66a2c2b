import { useEffect, useRef } from 'react';

/**
 * Hands a one-use link's fragment parameters (`#t=<secret>`) to `redeem`, once per page load. The secrets ride in
 * the fragment so they never reach a server log or a Referer header; running once keeps a development double effect
 * (or a re-render) from spending a secret twice, so only the first render's `redeem` is ever called.
 */
export function useLinkFragment(redeem: (params: URLSearchParams) => void): void {
  const first = useRef(redeem);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    first.current(new URLSearchParams(window.location.hash.slice(1)));
  }, []);
}
