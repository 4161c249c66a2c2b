/** Something on the screen a toast should not cover, as a vertical band (px from the top of the viewport). */
export interface Obstacle {
  top: number;
  bottom: number;
  /** A control (button, link, field) costs more to cover than a heading. */
  weight: number;
}

export interface PlacementInput {
  toastHeight: number;
  /** The highest and lowest top the toast may take (below the safe area, above the bottom bar). */
  minTop: number;
  maxTop: number;
  obstacles: Obstacle[];
  /** Distance between the candidate positions tried. */
  step?: number;
}

/**
 * Where a toast goes: the lowest position (nearest the thumb and the bottom bar) where it covers no control and no
 * heading; when every position covers something, the one that covers least.
 */
export function bestToastTop({ toastHeight, minTop, maxTop, obstacles, step = 8 }: PlacementInput): number {
  const top = Math.max(minTop, maxTop);
  let best = { top, cost: Number.POSITIVE_INFINITY };
  for (let y = top; y >= minTop - 0.5; y -= step) {
    const cost = obstacles.reduce(
      (sum, o) => (o.bottom > y && o.top < y + toastHeight ? sum + o.weight : sum),
      0,
    );
    if (cost === 0) return Math.round(y);
    if (cost < best.cost) best = { top: Math.round(y), cost };
  }
  return best.top;
}

const CONTROLS =
  'button, a[href], input, select, textarea, [role="button"], [role="checkbox"], [role="radio"], [role="combobox"]';
const HEADINGS = 'h1, h2, header';

/** The visible controls and headings of the page now, as bands (the toasts' own region left out). */
export function pageObstacles(exclude: Element | null): Obstacle[] {
  const out: Obstacle[] = [];
  const vh = window.innerHeight;
  for (const [selector, weight] of [
    [CONTROLS, 10],
    [HEADINGS, 5],
  ] as const) {
    for (const el of Array.from(document.querySelectorAll(selector))) {
      if (exclude?.contains(el)) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || r.bottom <= 0 || r.top >= vh) continue;
      out.push({ top: r.top, bottom: r.bottom, weight });
    }
  }
  return out;
}
