import { createStore, useStore } from './store.ts';

/**
 * Data the server rendered the first page with (issue 16), so the client's first render is the
 * same markup and needs no API call. The server writes it into index.html as a JSON data block
 * (`<script type="application/json" id="ssr-data">`, never executed); during a server render it is
 * set directly. Each entry is read by the hook that shows it, and only by its first mount: once the
 * page has hydrated, `forgetSsrData()` drops everything so later mounts read fresh.
 */
export interface SsrData {
  /** The path the markup was rendered for; data is used only when the client starts on it. */
  path: string;
  /** The server's guess of `mobileMode` (from the User-Agent), used for the hydrating render. */
  mobile: boolean;
  /** The server's UTC offset in minutes when it rendered (times shown while hydrating use it). */
  utcOffset: number;
  /** Answers by key (see the hooks): `essayList`, `hitokoto`, `about`, `bangumiList`, … */
  reads: Record<string, unknown>;
}

let data: SsrData | null = null;

/** True during a server render and the client's hydrating render; local-only details wait for false. */
export const hydration = createStore({ hydrating: false });

export const useHydrating = (): boolean => useStore(hydration, (h) => h.hydrating);

const readBlock = (): SsrData | null => {
  if (typeof document === 'undefined') return null;
  const text = document.getElementById('ssr-data')?.textContent;
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as SsrData;
    return parsed.path === location.pathname ? parsed : null;
  } catch {
    return null;
  }
};

data = readBlock();

/** The server render sets its data here before rendering (renders are synchronous, one at a time). */
export const setSsrData = (next: SsrData | null): void => {
  data = next;
};

export const ssrData = (): SsrData | null => data;

/** The answer the page was rendered with under `key`, if any (the hooks' initial state). */
export const peekSsr = <T>(key: string): T | undefined =>
  data && Object.hasOwn(data.reads, key) ? (data.reads[key] as T) : undefined;

/** After hydration: later mounts read from the API (or the snapshot) as before. */
export const forgetSsrData = (): void => {
  data = null;
};

let afterHydration: (() => void) | null = null;

/** Runs `done` once the page itself has hydrated (main.tsx). */
export const whenHydrated = (done: () => void): void => {
  afterHydration = done;
};

/**
 * Called by the page outlet's marker after the page's own content: the page sits in an
 * <Activity> boundary, which React hydrates after the shell around it, so the shell's effects
 * are too early to switch from the server's view to the device's.
 */
export const finishHydration = (): void => {
  const done = afterHydration;
  afterHydration = null;
  done?.();
};
