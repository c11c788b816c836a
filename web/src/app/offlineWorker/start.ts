import { isOwnerPage } from '../../sw/routing.ts';

/**
 * Starts the service worker (issue 46.3) once the page has loaded and the browser is idle, so that
 * neither its registration nor its first downloads compete with the page's own. Only in a build
 * our server serves (its runtime configuration is in the page): not under `vite` dev, not from a
 * static host without `/sw.js`. Not from the back office or /contract: the owner's pages are never
 * the worker's to keep, and the worker registered from a visitor's page answers none of them.
 */
export const startOfflineWorker = (): void => {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  if (!document.getElementById('runtime-config')) return;
  if (isOwnerPage(location.pathname)) return;
  const register = () =>
    void import('./register.ts').then(({ registerOfflineWorker }) => registerOfflineWorker());
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(register, { timeout: 5000 })
      : setTimeout(register, 1000);
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
};
