import { registerSiteWorker } from '../../core/siteWorker.ts';
import { isOwnerPage } from '../../sw/routing.ts';
import { applyUpdate, watchForUpdate } from './updateWatch.ts';

/**
 * Registers the site's worker (loaded after the page: app/offlineWorker/start.ts), asks it to keep
 * the page it arrived too late to see, and announces a new build when one waits.
 */
export const registerOfflineWorker = async (): Promise<void> => {
  const container = navigator.serviceWorker;
  const arrivedFirst = !container.controller;
  const registration = await registerSiteWorker().catch((error: unknown) => {
    console.warn('service worker not registered', error);
    return undefined;
  });
  if (!registration) return;
  watchForUpdate(registration, container, (waiting) => {
    void import('./updateNotice.ts').then(({ showUpdateNotice }) =>
      showUpdateNotice(() => applyUpdate(waiting, container, () => location.reload())),
    );
  });
  // This page loaded before any worker ran it, so neither it nor its bundles were kept: the worker
  // fetches them once more (a visitor's first page is often the essay a link brought them to).
  if (arrivedFirst && !isOwnerPage(location.pathname)) {
    const ready = await container.ready;
    const assets = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((url) => url.startsWith(`${location.origin}/assets/`));
    ready.active?.postMessage({ type: 'keep-page', url: location.href, assets });
  }
};
