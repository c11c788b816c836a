import { movedEssayPath } from '@candy/contract/sitePaths';

/**
 * An essay's address of before issue 23, `/chaos?id=12` (old feeds and shared links), is now its
 * own page `/chaos/12`. Our server answers it with a 301; this covers the app served elsewhere (a
 * CDN), so the app shows the essay's page either way.
 */
export const appAddressOf = (pathname: string, search: string, hash: string): string | null =>
  hash ? null : movedEssayPath(pathname, search);

/** Rewrites the address bar in place (no reload, no history entry). */
export const adoptSharedEssayAddress = (): void => {
  const next = appAddressOf(location.pathname, location.search, location.hash);
  if (next) history.replaceState(history.state, '', next);
};
