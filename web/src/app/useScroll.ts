import { useSyncExternalStore } from 'react';

const subscribe = (listener: () => void) => {
  window.addEventListener('scroll', listener, { passive: true });
  return () => window.removeEventListener('scroll', listener);
};

/** The page's vertical scroll, rounded to whole pixels so re-renders stay rare. */
export const useScrollY = (): number =>
  useSyncExternalStore(
    subscribe,
    () => Math.round(window.scrollY),
    () => 0,
  );

export const scrollToTop = (): void => window.scrollTo({ top: 0, behavior: 'smooth' });
