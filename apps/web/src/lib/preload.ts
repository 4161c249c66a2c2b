/**
 * Fetching a page's code before it is shown. Every page is a lazy chunk; a phone that first asks for a phase's chunk
 * when the host moves everyone there waits for that download (seconds on a weak connection) while the others
 * already read the new screen. The router registers how to load the page of an address at start-up; before that
 * (or in unit tests) preloading does nothing.
 */
type PreloadFn = (pathname: string) => void;
type LoadedFn = (pathname: string) => boolean;

let preloadImpl: PreloadFn = () => undefined;
let loadedImpl: LoadedFn = () => false;

export function setPagePreloader(fn: PreloadFn, loaded: LoadedFn): void {
  preloadImpl = fn;
  loadedImpl = loaded;
}

/** Whether the code of the page at this address is here (preloaded or shown before): it can render at once. */
export function pageCodeLoaded(pathname: string): boolean {
  return loadedImpl(pathname);
}

/** Starts downloading the code of the page at this address (nothing is rendered; a second call costs nothing). */
export function preloadPage(pathname: string): void {
  preloadImpl(pathname);
}

/**
 * Images fetched before a screen shows them, kept referenced so the browser's memory cache keeps them (for an SVG,
 * its parsed document: parsing a portrait on the main thread took 10-40 ms, in the frames of the phase change that
 * first showed it).
 */
const warmImages = new Map<string, HTMLImageElement>();

/** Starts fetching (and parsing) these images without showing them; a second call for a url costs nothing. */
export function preloadImages(urls: Iterable<string>): void {
  if (typeof Image === 'undefined') return;
  for (const url of urls) {
    if (!url || warmImages.has(url)) continue;
    const img = new Image();
    img.decoding = 'async';
    img.src = url;
    warmImages.set(url, img);
  }
}
