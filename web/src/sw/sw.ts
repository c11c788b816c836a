import { registerRoute, setCatchHandler } from 'workbox-routing';
import { cacheNames, shellPage, strategies } from './caches.ts';
import { listenForPush } from './push.ts';
import { type RequestKind, requestKind } from './routing.ts';
import { readWorkerConfig } from './workerConfig.ts';

/**
 * The site's one service worker (issue 46.3, DESIGN §12: its own entry), built unhashed to
 * `/sw.js` by the web build (web/serviceWorkerPlugin.ts). It keeps the shell, the pages, reads and
 * mirror files a visitor has had, so a reader who loses the network keeps reading; it never
 * answers the back office, `/contract` or anything carrying the owner's key (routing.ts), and
 * never stores an answer marked `no-store` or `private` (caches.ts). It shows Web Push too.
 */
const worker = self as unknown as ServiceWorkerGlobalScope;
const config = readWorkerConfig(worker.location.href);

/** The first-load bundles of this build, its icons and its offline reader's chunks, set by the build. */
declare const __SW_SHELL__: readonly string[];

// The match's answer (the kind) reaches the handler as its params.
registerRoute(
  ({ request }) => requestKind(request, worker.location.origin, config) ?? false,
  (options) => strategies[options.params as unknown as RequestKind].handle(options),
);

// A page neither the network nor the cache has: the bare shell, which finds the server gone and
// reads the mirrors (web/src/core/modes.ts).
setCatchHandler(async ({ request }) => {
  if (request.mode !== 'navigate') return Response.error();
  return (await caches.match(shellPage, { cacheName: cacheNames.shell })) ?? Response.error();
});

worker.addEventListener('install', (event) => {
  // Through their strategies, so that expiry knows these entries as well.
  const bundles = __SW_SHELL__.flatMap((url) => {
    const request = new Request(url);
    const kind = requestKind(request, worker.location.origin, config);
    return kind ? strategies[kind].handleAll({ event, request }) : [];
  });
  const shell = fetch(shellPage, { cache: 'no-cache' }).then(async (response) => {
    if (!response.ok) throw new Error(`${shellPage}: ${response.status}`);
    await (await caches.open(cacheNames.shell)).put(shellPage, response);
  });
  event.waitUntil(Promise.all([...bundles, shell]));
});

worker.addEventListener('activate', (event) => {
  const ours = new Set<string>(Object.values(cacheNames));
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys())
        if (name.startsWith('candy-') && !ours.has(name)) await caches.delete(name);
      // The first worker takes the page that installed it, so what the visitor reads next is kept.
      // A later one only activates once no page runs the old one, or when the visitor asked.
      await worker.clients.claim();
    })(),
  );
});

/** What the pages ask of the worker (app/offlineWorker/). */
type PageMessage = { type: 'skip-waiting' } | { type: 'keep-page'; url: string; assets?: string[] };

/** The page that registered the worker, and the bundles it ran, which loaded before the worker. */
const keepPage = async (event: ExtendableEvent, url: string, assets: readonly string[]) => {
  const origin = worker.location.origin;
  const page = new Request(url);
  const work: Promise<unknown>[] = [];
  if (
    requestKind({ url: page.url, method: 'GET', mode: 'navigate', headers: page.headers }, origin, config) ===
    'page'
  )
    work.push(...strategies.page.handleAll({ event, request: page }));
  for (const asset of assets) {
    const request = new Request(asset);
    if (requestKind(request, origin, config) === 'asset')
      work.push(...strategies.asset.handleAll({ event, request }));
  }
  await Promise.allSettled(work);
};

worker.addEventListener('message', (event) => {
  const message = event.data as PageMessage;
  // A new build waits until the reader presses 刷新 on the notice: never swapped in mid-read.
  if (message?.type === 'skip-waiting') void worker.skipWaiting();
  // The page that registered the worker loaded before it: fetched once more, to be kept.
  if (message?.type === 'keep-page') event.waitUntil(keepPage(event, message.url, message.assets ?? []));
});

listenForPush(worker);
