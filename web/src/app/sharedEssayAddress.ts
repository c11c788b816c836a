/**
 * An essay's address outside the app is `/chaos?id=12` (feeds, the sitemap and share previews use
 * it: a `#12` never reaches the server). On arrival it becomes the app's own `/chaos#12`, which
 * asks for that essay (spec §5).
 */
export const appAddressOf = (pathname: string, search: string, hash: string): string | null => {
  if (pathname !== '/chaos' || hash) return null;
  const id = /^\?id=(\d{1,10})$/.exec(search)?.[1];
  return id ? `/chaos#${id}` : null;
};

/** Rewrites the address bar in place (no reload, no history entry). */
export const adoptSharedEssayAddress = (): void => {
  const next = appAddressOf(location.pathname, location.search, location.hash);
  if (next) history.replaceState(history.state, '', next);
};
