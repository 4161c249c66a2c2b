/**
 * Navigation from outside React (the API client's GAME_DELETED rule). The router registers its navigate function
 * at start-up; before that (or in tests) a full page load is used.
 */
type NavigateFn = (to: string, opts?: { replace?: boolean }) => void;

let navigateImpl: NavigateFn = (to) => {
  window.location.assign(to);
};

export function setNavigate(fn: NavigateFn): void {
  navigateImpl = fn;
}

export function navigateTo(to: string, opts?: { replace?: boolean }): void {
  navigateImpl(to, opts);
}
