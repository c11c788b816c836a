import { workerQuery } from '../sw/workerConfig.ts';
import { mirrorList, runtimeConfig } from './runtimeConfig.ts';

/**
 * The site's one service worker (web/src/sw/, built to `/sw.js`): offline reading (issue 46.3) and
 * Web Push (issues 12, 25.3) share it, one worker per scope. Its URL carries the runtime
 * configuration it needs (sw/workerConfig.ts).
 */
export const WORKER_SCOPE = '/';

export const siteWorkerUrl = (): string => {
  const apiBases = [runtimeConfig.apiBasePath, ...runtimeConfig.apiCandidates.map((c) => c.url)];
  return `/sw.js?${workerQuery({ apiBases, mirrors: mirrorList() })}`;
};

/**
 * Registers (or finds) the worker. Under Playwright's `serviceWorkers: 'block'` (e2e) the browser
 * answers nothing: undefined.
 */
export const registerSiteWorker = (): Promise<ServiceWorkerRegistration | undefined> =>
  navigator.serviceWorker.register(siteWorkerUrl(), { scope: WORKER_SCOPE, updateViaCache: 'none' });

/** The worker's registration in this browser, if any. */
export const siteWorkerRegistration = (): Promise<ServiceWorkerRegistration | undefined> =>
  navigator.serviceWorker.getRegistration(WORKER_SCOPE);
