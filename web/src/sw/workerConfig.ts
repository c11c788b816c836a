import type { WorkerConfig } from './routing.ts';

/**
 * The worker learns the site's API bases and snapshot mirrors from its own script URL
 * (`/sw.js?api=…&mirrors=…`, written by the page: app/offlineWorker/workerUrl.ts): they are
 * runtime configuration, which the build that made `sw.js` cannot know. A changed configuration
 * is a changed script URL, which the browser installs like a new build.
 */
export const workerQuery = (config: WorkerConfig): string =>
  new URLSearchParams({ api: config.apiBases.join(' '), mirrors: config.mirrors.join(' ') }).toString();

const absoluteList = (value: string | null, origin: string, fallback: string): string[] => {
  const list = (value ?? '').split(' ').filter(Boolean);
  return (list.length ? list : [fallback]).flatMap((entry) => {
    try {
      return [new URL(entry, origin).href.replace(/\/+$/, '')];
    } catch {
      return [];
    }
  });
};

/** The configuration in `scriptUrl`; without one (the old `/push-sw.js` importing us), the defaults. */
export const readWorkerConfig = (scriptUrl: string): WorkerConfig => {
  const url = new URL(scriptUrl);
  return {
    apiBases: absoluteList(url.searchParams.get('api'), url.origin, '/api'),
    mirrors: absoluteList(url.searchParams.get('mirrors'), url.origin, '/snapshot'),
  };
};
