import './styles/theme.css';
import './styles/shell.css';
import './styles/ui.css';
import { StrictMode, startTransition } from 'react';
import { App } from './App.tsx';
import { showNotice } from './app/noticeToast.ts';
import { startOfflineWorker } from './app/offlineWorker/start.ts';
import { primePage } from './app/PageOutlet.tsx';
import { adoptSharedEssayAddress } from './app/sharedEssayAddress.ts';
import { isOffline, isOwner } from './core/appState.ts';
import { startModes } from './core/modes.ts';
import { type NoticeDetail, type NoticeKind, setNotifier } from './core/notify.ts';
import { setFreshLoginHandler } from './core/request.ts';
import { forgetSsrData, hydration, ssrData, whenHydrated } from './core/ssrData.ts';
import { followChoice, startLanguage } from './i18n/choice.ts';
import { delegateImageViewer } from './ui/imageViewer/delegate.ts';

// Notices of the start (night mode, offline…) wait until a server-rendered page has hydrated: the
// server's markup has no toasts.
const early: [NoticeKind, string, NoticeDetail | undefined][] = [];
const flushEarly = () => {
  setNotifier(showNotice);
  for (const [kind, message, detail] of early.splice(0)) showNotice(kind, message, detail);
};
setNotifier(ssrData() ? (kind, message, detail) => early.push([kind, message, detail]) : showNotice);
// A cancelled confirm rejects with `false`: never an error (spec §4).
window.addEventListener('unhandledrejection', (e) => {
  if (e.reason === false) e.preventDefault();
});
// The page outlet keeps each page's scroll position itself; the browser's own restoration on
// back/forward would fight it.
history.scrollRestoration = 'manual';
adoptSharedEssayAddress();
// A security setting after ten minutes (4037) asks the owner to confirm who they are: the dialog,
// its passkey and sealed-login code load only then.
setFreshLoginHandler(async () => (await import('./ui/freshLogin/confirmFreshLogin.tsx')).confirmFreshLogin());
// The modes' first notices (night, offline…) are words: they wait for the language's catalogue,
// which a page from our server already holds (a data block read as this module loads).
const languageReady = startLanguage();
void languageReady.then(() => startModes());
delegateImageViewer();

/**
 * `<html data-ready>` once the app answers input: after hydration for a server-rendered page
 * (before it, the server's markup is only to look at); at once for a page the client renders.
 */
const markReady = () => document.documentElement.setAttribute('data-ready', '');

/**
 * React DOM is a chunk of its own (index.html preloads it: web/vite.config.ts), evaluated in a task
 * of its own once this module's evaluation has ended: as one module with the entry, its evaluation
 * made the entry's task long enough to count as blocking on a phone (issue 30).
 */
const reactDom = import('react-dom/client');

/**
 * Hydrates a server-rendered page (issue 16) or renders the app. Not awaited at the top level: a
 * page chunk imports this entry module, so a top-level await on it would wait for itself.
 */
const start = async (): Promise<void> => {
  const root = document.getElementById('root');
  if (!root) return;
  const ssr = ssrData();
  // The server renders what a visitor sees: the owner (hidden essays, more menu items), an
  // address with a hash (`/chaos#12` asks for one essay) and offline mode render on the client.
  // A visitor whose chosen language is not the page's hydrates in the page's, then switches.
  if (ssr && root.firstElementChild && !isOffline() && !isOwner() && !location.hash) {
    // The hydrating render reads the stores' server values (core/store.ts `serverValue`), so it is
    // the server's markup even when the device's own modes (phone layout, night mode, an
    // unreachable server found meanwhile) differ; React re-renders with those right after.
    await primePage(location.pathname).catch(() => undefined);
    const { hydrateRoot } = await reactDom;
    hydration.set({ hydrating: true });
    whenHydrated(() => {
      forgetSsrData();
      hydration.set({ hydrating: false });
      flushEarly();
      markReady();
      void followChoice();
    });
    // As a transition, hydration yields to the browser every few milliseconds instead of holding
    // the main thread for the whole page (issue 30: Lighthouse's TBT); input on a part not yet
    // hydrated makes React hydrate that part first.
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
    return;
  }
  // The page's code (hinted from the HTML: server/src/http/serverRender.ts) before the first
  // render, as for a server-rendered page: the page is then part of that render, which comes in
  // slices, instead of a second render that React does at once when it arrives.
  const [{ createRoot }] = await Promise.all([
    reactDom,
    primePage(location.pathname).catch(() => undefined),
    languageReady.then(followChoice),
  ]);
  forgetSsrData();
  flushEarly();
  markReady();
  // A transition for the same reason as hydration above: the first render comes in slices.
  const app = createRoot(root);
  startTransition(() => {
    app.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
};

void start();
startOfflineWorker();
