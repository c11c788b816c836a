import { Limits } from '@candy/contract/constants';
import { spec, t } from '../i18n/i18n.ts';
import { RequestError } from './errors.ts';
import { notify } from './notify.ts';
import { mirrorList, runtimeConfig } from './runtimeConfig.ts';

/**
 * Reading the offline snapshot's files through the CDN mirrors (spec §7, §8): which mirror, each
 * file cached once, failures toasted. Below both the offline data source (`offline.ts`) and its
 * music part (`offlineMusic.ts`), which read files through it.
 */

export { mirrorList } from './runtimeConfig.ts';

const stamped = (url: string): string => `${url}${url.includes('?') ? '&' : '?'}t=${Date.now()}`;

/** A mirror counts when its index page names the site (spec §7): first verified wins, in order. */
export const pickMirror = async (
  mirrors: string[] = mirrorList(),
  title: string = runtimeConfig.title,
): Promise<string> => {
  for (const mirror of mirrors) {
    try {
      const res = await fetch(stamped(`${mirror}/index.html`));
      if (res.ok && (await res.text()).includes(title)) return mirror;
    } catch {
      // unreachable mirror: try the next one
    }
  }
  throw new Error(t('offline.noMirror'));
};

let mirror: Promise<string> | null = null;
const cache = new Map<string, Promise<unknown>>();
let lastToast = { message: '', at: 0 };

/** For tests and for a mirror list change: forget the chosen mirror, every cached file, the last toast. */
export const resetOfflineSource = (): void => {
  mirror = null;
  cache.clear();
  lastToast = { message: '', at: 0 };
};

const fetchFile = async (path: string, optional = false): Promise<unknown> => {
  mirror ??= pickMirror().catch((error: unknown) => {
    mirror = null;
    throw error;
  });
  const base = await mirror;
  const res = await fetch(stamped(`${base}/${path}`));
  if (res.status === 404 && optional) return null;
  if (!res.ok) throw new Error(`${res.status} ${path}`);
  return res.json() as Promise<unknown>;
};

/**
 * Spec §8 names the offline failures (a fetch that failed, a search the snapshot cannot answer) as
 * error toasts: they are shown even for a `silent` read, whose page shows only its own state. The
 * same message is not repeated while its toast is still up (a dead mirror fails every read).
 */
export const toastOfflineFailure = (failure: RequestError): RequestError => {
  failure.toasted = true;
  const now = Date.now();
  if (lastToast.message === failure.message && now - lastToast.at < Limits.toastDurationMs) return failure;
  lastToast = { message: failure.message, at: now };
  notify('error', failure.message);
  return failure;
};

/**
 * One snapshot file, cached; a failed fetch is toasted and its cache entry dropped (spec §8).
 * `optional`: a file older snapshots lack (the search index), null when the mirror has none.
 */
export const readFile = (path: string, optional = false): Promise<unknown> => {
  const hit = cache.get(path);
  if (hit !== undefined) return hit;
  const entry = fetchFile(path, optional).catch((error: unknown) => {
    cache.delete(path);
    const message = error instanceof Error ? error.message : String(error);
    throw toastOfflineFailure(
      new RequestError(0, spec('offlineFetchFailed', message), { clientCode: 'ERR_NETWORK' }),
    );
  });
  cache.set(path, entry);
  return entry;
};

export const refused = (code: number, message: string, silent: boolean): RequestError => {
  const error = new RequestError(code, message);
  if (!silent) {
    notify('error', message);
    error.toasted = true;
  }
  return error;
};
