import { useEffect } from 'react';
import { createStore, useStore } from '../core/store.ts';
import { useLocation } from './router.tsx';

/**
 * A page's own title, in place of its route's (an essay page's is the essay's first line, as the
 * server's `<title>` says, issue 23). Bound to the path it was set on, so a page kept alive in the
 * background never names the page in front.
 */
const ownTitle = createStore({ path: '', title: '' });

/** Sets the current page's own title while it is shown; null or '' leaves the route's title. */
export const useOwnTitle = (title: string | null): void => {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!title) return;
    ownTitle.set({ path: pathname, title });
    return () => {
      if (ownTitle.get().path === pathname) ownTitle.set({ path: '', title: '' });
    };
  }, [pathname, title]);
};

/** The own title of `pathname`'s page, or ''. */
export const useOwnTitleOf = (pathname: string): string =>
  useStore(ownTitle, (t) => (t.path === pathname ? t.title : ''));
