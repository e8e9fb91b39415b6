// A tab opened before a deploy still runs the old build, whose screens' chunks the new one no longer
// has (their names carry their content's hash; the server answers 404). Vite reports such a failed
// import as `vite:preloadError`: while a screen is being opened, the tab then opens that page afresh,
// from the new build (app/router.tsx). Once: if that fails again within RETRY_MS, the error screen shows instead of a reload loop.

const RELOADED_AT = 'worktrust.reloaded-for-new-build';
const RETRY_MS = 60_000;

let reloading = false;

/** Whether the page is being reloaded for a new build (the error screen then shows nothing). */
export const isReloadingForNewBuild = () => reloading;

/**
 * Opens `target` afresh unless that was done less than RETRY_MS ago in this tab (or the tab keeps
 * no session storage, when it cannot tell); returns whether it did.
 */
export function reloadForNewBuild(target: string, now = Date.now()): boolean {
  if (reloading) return true;
  try {
    const last = Number(sessionStorage.getItem(RELOADED_AT));
    if (Number.isFinite(last) && now - last < RETRY_MS) return false;
    sessionStorage.setItem(RELOADED_AT, String(now));
  } catch {
    return false;
  }
  reloading = true;
  const { pathname, search } = window.location;
  const url = new URL(target, window.location.href);
  if (url.pathname + url.search === pathname + search) {
    // Assigning the page the tab shows, whatever its #fragment, would only scroll.
    window.history.replaceState(window.history.state, '', url);
    window.location.reload();
  } else {
    window.location.assign(url);
  }
  return true;
}
