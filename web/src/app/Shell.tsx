import { useEffect } from 'react';
import { useAppInfo, useDarkMode } from '../core/appState.ts';
import { runtimeConfig } from '../core/runtimeConfig.ts';
import { OverlayHost } from '../ui/overlayHost.tsx';
import { ToastHost } from '../ui/toast.tsx';
import { Footer } from './Footer.tsx';
import { Nav } from './Nav.tsx';
import { useOwnTitleOf } from './ownTitle.ts';
import { PageOutlet } from './PageOutlet.tsx';
import { documentTitleOf, pageTitleOf } from './pageTitle.ts';
import { useLocation } from './router.tsx';
import { resolvePath } from './routeTable.ts';

/** The frame around every page: theme, title, navigation, footer, overlays. */
export const Shell = () => {
  const { pathname } = useLocation();
  const dark = useDarkMode();
  const dokkiri = useAppInfo((i) => i.dokkiri);
  const resolved = resolvePath(pathname);
  const meta = resolved.kind === 'page' ? resolved.route.meta : undefined;
  const pageTitle = useOwnTitleOf(pathname) || pageTitleOf(meta, dark);

  useEffect(() => {
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  }, [dark]);
  useEffect(() => {
    document.title = documentTitleOf(pageTitle, runtimeConfig.title);
  }, [pageTitle]);

  const fullscreen = meta?.fullscreen === true;
  return (
    <>
      {!fullscreen && <Nav pageTitle={pageTitle} />}
      <main className={fullscreen ? 'main main-fullscreen' : 'main'}>
        <PageOutlet />
      </main>
      {!fullscreen && <Footer />}
      {dokkiri && <div className="dokkiri-overlay" data-testid="dokkiri" aria-hidden="true" />}
      <OverlayHost />
      <ToastHost />
    </>
  );
};
