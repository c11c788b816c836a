import { useSyncExternalStore } from 'react';

/**
 * The page's vertical scroll, read only when the page scrolls. React asks a store for its value
 * after every commit; reading `window.scrollY` there would force a layout in the middle of each
 * commit (the largest single cost of rendering /moments on a slow phone), so the value is cached.
 */
let scrollY = 0;
const listeners = new Set<() => void>();

const onScroll = () => {
  const next = Math.round(window.scrollY);
  if (next === scrollY) return;
  scrollY = next;
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void) => {
  if (listeners.size === 0) {
    window.addEventListener('scroll', onScroll, { passive: true });
    // A page restored further down may have scrolled before anyone listened: read it once, after
    // this frame's layout, when the read costs nothing.
    requestAnimationFrame(() => setTimeout(onScroll, 0));
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('scroll', onScroll);
  };
};

/** The page's vertical scroll, rounded to whole pixels so re-renders stay rare. */
export const useScrollY = (): number =>
  useSyncExternalStore(
    subscribe,
    () => scrollY,
    () => 0,
  );

export const scrollToTop = (): void => window.scrollTo({ top: 0, behavior: 'smooth' });
