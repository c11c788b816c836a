import { Activity, type ComponentType, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { appState, isOwner, useAppInfo, useIsOwner } from '../core/appState.ts';
import { finishHydration } from '../core/ssrData.ts';
import { storage } from '../core/storage.ts';
import { useStore } from '../core/store.ts';
import { needPart, spec, t } from '../i18n/i18n.ts';
import { toast } from '../ui/toast.tsx';
import { guardRedirect } from './guards.ts';
import { Navigate, useLocation } from './router.tsx';
import { type PageRoute, resolvePath } from './routeTable.ts';

const loaded = new Map<string, ComponentType>();

/** The back office's extra component set, loaded before any admin page (spec §2). */
const loadAdminKit = () => import('../ui/adminKit/index.ts');
type AdminKit = Awaited<ReturnType<typeof loadAdminKit>>;

/** An admin page whose code did not arrive while the kit did: the frame can still be shown. */
class AdminPageLoadError extends Error {
  constructor(
    readonly kit: AdminKit,
    readonly reason: unknown,
  ) {
    super(reason instanceof Error ? reason.message : String(reason));
  }
}

/** What the frame shows instead of a page that failed to load: a plain sentence and 重试. */
const failedAdminPage =
  (kit: AdminKit, onRetry: () => void): ComponentType =>
  () => (
    <kit.AdminFrame>
      <kit.ErrorState error={t('page.loadFailed')} onRetry={onRetry} />
    </kit.AdminFrame>
  );

const loadPage = async (route: PageRoute): Promise<ComponentType> => {
  const hit = loaded.get(route.path);
  if (hit) return hit;
  let page: ComponentType;
  if (route.meta.adminKit) {
    // Kit and page load together; the page is shown inside the back-office frame.
    // The admin catalogue comes with the kit: a visitor never downloads the back office's words.
    const [kit, inner] = await Promise.allSettled([needPart('admin').then(loadAdminKit), route.load()]);
    if (kit.status === 'rejected') throw kit.reason;
    if (inner.status === 'rejected') throw new AdminPageLoadError(kit.value, inner.reason);
    const { AdminFrame } = kit.value;
    const Inner = inner.value.default;
    page = () => (
      <AdminFrame>
        <Inner />
      </AdminFrame>
    );
  } else {
    const { catalogue } = route.meta;
    const [inner] = await Promise.all([route.load(), catalogue ? needPart(catalogue) : null]);
    page = inner.default;
  }
  loaded.set(route.path, page);
  return page;
};

/**
 * Loads the page of `pathname` ahead of the first render (issue 16): a server-rendered page is
 * hydrated with its page component already there, so the first render is the server's markup.
 */
export const primePage = async (pathname: string): Promise<void> => {
  const resolved = resolvePath(pathname);
  if (resolved.kind === 'page' && !resolved.route.meta.adminKit) await loadPage(resolved.route);
};

/** Where the current location must go instead (redirects, entry guards), or null to show it. */
const useRedirect = (): string | null => {
  const { pathname, search } = useLocation();
  const owner = useIsOwner();
  const gate = useAppInfo((i) => i.openGreatOldOneGate);
  const markedExpired = useStore(storage, (r) => r.isExpiredGreatOldOne);
  const accessKey = useStore(storage, (r) => r.accessKey);
  const accessExp = useStore(storage, (r) => r.accessExp);
  // A key that ran out while the app stayed open counts as expired at the next navigation, not only
  // after a reload or a 4010 (spec §4: the owner may come back to /contract).
  const expired = markedExpired || (accessKey !== '' && Date.now() >= accessExp);
  const resolved = resolvePath(pathname);
  if (resolved.kind === 'redirect') return resolved.to;
  return guardRedirect(resolved.route.path, search, { owner, gate, expired });
};

/**
 * Shows the current page and keeps every visited page mounted but hidden (React's <Activity>), so
 * going back finds it as it was (spec §2), scroll position included. A page is loaded on first
 * visit; meanwhile the route-loading marker drives the nav spinner and the previous page stays on
 * screen.
 */
export const PageOutlet = () => {
  const { pathname } = useLocation();
  const redirect = useRedirect();
  const resolved = resolvePath(pathname);
  const route = redirect === null && resolved.kind === 'page' ? resolved.route : null;
  // A primed page (server render, hydration) is there from the first render.
  const [visited, setVisited] = useState<{ path: string; Page: ComponentType }[]>(() => {
    const Page = route && loaded.get(route.path);
    return route && Page ? [{ path: route.path, Page }] : [];
  });
  const [shown, setShown] = useState<string | null>(() =>
    route && loaded.has(route.path) ? route.path : null,
  );
  const [failure, setFailure] = useState<string | null>(null);
  // Bumped by 重试 on a page that failed to load: the effect below loads it again.
  const [attempt, setAttempt] = useState(0);
  const target = useRef<string | null>(null);
  const primed = useRef(shown !== null);
  // The window scrolls for every page alike: each page's own position is kept while it is hidden.
  const scrollOf = useRef(new Map<string, number>());
  const shownNow = useRef(shown);
  shownNow.current = shown;
  const scrolledFor = useRef(shown);

  // Before paint: a page shown for the first time goes smoothly to the top (spec §2); a kept-alive
  // page comes back where the visitor left it (issue 23, docs/decisions.md).
  useLayoutEffect(() => {
    if (shown === null || shown === scrolledFor.current) return;
    const first = scrolledFor.current === null;
    scrolledFor.current = shown;
    // The first page after the app starts is at the top already (scroll restoration is manual);
    // scrolling there anyway would force a layout in the middle of the first render (issue 30).
    if (first) return;
    const saved = scrollOf.current.get(shown);
    if (saved === undefined) window.scrollTo({ top: 0, behavior: 'smooth' });
    else window.scrollTo({ top: saved, behavior: 'instant' });
  }, [shown]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry's trigger
  useEffect(() => {
    if (!route) return;
    target.current = route.path;
    setFailure(null);
    const done = (Page: ComponentType) => {
      if (target.current !== route.path) return;
      const leaving = shownNow.current;
      if (leaving !== null && leaving !== route.path) scrollOf.current.set(leaving, window.scrollY);
      // A page shown as failed is replaced by the real one once it loads.
      setVisited((list) =>
        list.some((v) => v.path === route.path && v.Page === Page)
          ? list
          : [...list.filter((v) => v.path !== route.path), { path: route.path, Page }],
      );
      setShown(route.path);
    };
    const ready = loaded.get(route.path);
    if (ready && primed.current) {
      // Already on screen since the first render: no scroll (scrolledFor is this page already).
      primed.current = false;
      return;
    }
    primed.current = false;
    if (ready) return done(ready);
    appState.set({ routeLoading: route.path });
    loadPage(route)
      .then(done, (error: unknown) => {
        if (target.current !== route.path) return;
        const message = spec('lazyLoadFailed', error instanceof Error ? error.message : String(error));
        toast.error(message);
        if (error instanceof AdminPageLoadError) {
          // The menu stays; the retry is inside the frame (issue 24).
          done(failedAdminPage(error.kit, () => setAttempt((n) => n + 1)));
          return;
        }
        setFailure(message);
        setShown(null);
      })
      .finally(() => {
        if (appState.get().routeLoading === route.path) appState.set({ routeLoading: null });
      });
  }, [route, attempt]);

  if (redirect !== null) return <Navigate to={redirect} replace />;
  return (
    <>
      {failure && (
        <section className="load-failure" role="alert">
          {failure}
        </section>
      )}
      {visited.map(({ path, Page }) => (
        <Activity key={path} mode={path === shown ? 'visible' : 'hidden'}>
          <div className="page" data-page={path}>
            <Page />
            <HydrationMark />
          </div>
        </Activity>
      ))}
    </>
  );
};

/** Marks the end of a page's first render (its hydration, on a server-rendered page). */
const HydrationMark = () => {
  useEffect(finishHydration, []);
  return null;
};

/** The owner check for pages that need it outside the guards (re-exported for page authors). */
export { isOwner };
