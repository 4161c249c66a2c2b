/**
 * Fetching a page's code before it is shown. Every page is a lazy chunk; a phone that first asks for a phase's chunk
 * when the host moves everyone there waits for that download (seconds on a weak connection) while the others
 * already read the new screen. The router registers how to load the page of an address at start-up; before that
 * (or in unit tests) preloading does nothing.
 */
type PreloadFn = (pathname: string) => void;

let preloadImpl: PreloadFn = () => undefined;

export function setPagePreloader(fn: PreloadFn): void {
  preloadImpl = fn;
}

/** Starts downloading the code of the page at this address (nothing is rendered; a second call costs nothing). */
export function preloadPage(pathname: string): void {
  preloadImpl(pathname);
}
