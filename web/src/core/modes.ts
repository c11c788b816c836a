import { ErrorCode } from '@candy/contract/codes';
import { Limits } from '@candy/contract/constants';
import { spec } from '../i18n/i18n.ts';
import { chooseApiBase, fetchProbe } from './apiHost.ts';
import { appState, isOffline } from './appState.ts';
import { buildHeaders, currentReferrer } from './callHeaders.ts';
import { ensureHandshake, resetHandshake } from './handshake.ts';
import { notify } from './notify.ts';
import { RequestError, setStartup } from './request.ts';
import { runtimeConfig } from './runtimeConfig.ts';
import { storage } from './storage.ts';

/** Spec §3: pages served from any host but the own domains use offline data only. */
export const hostIsOwn = (host: string, domains: readonly string[]): boolean =>
  domains.some((domain) => domain !== '' && host.endsWith(domain));

const inHours = (hour: number, [from, to]: readonly [number, number]) => hour >= from && hour < to;

/** 00:00–06:00 switches dark mode on (spec §4). */
export const isAutoDarkHour = (now: Date): boolean => inHours(now.getHours(), Limits.autoDarkHours);
export const isEveningHour = (now: Date): boolean => inHours(now.getHours(), Limits.eveningHours);

/**
 * Spec §4: narrower than tall. Asked of a media query, not of `innerWidth`/`innerHeight`: reading
 * those forces the page's first layout inside the entry module's evaluation, one long task of both
 * on a phone (issue 30); a media query is answered from the viewport without a layout.
 */
const landscapeOrSquare = '(min-aspect-ratio: 1/1)';
export const isMobileViewport = (): boolean => !window.matchMedia(landscapeOrSquare).matches;

const unreachable = (): void => {
  appState.set({ offlineModeOnly: true, onlineApiBaseURL: '' });
  notify('warning', spec('unreachable'));
};

/** Chooses the API host and shakes hands; on failure the app falls back to offline data (spec §4). */
const goOnline = async (): Promise<void> => {
  if (isOffline()) return;
  const { devMode } = storage.get();
  const base =
    devMode && runtimeConfig.devApiBase
      ? runtimeConfig.devApiBase
      : await chooseApiBase(
          runtimeConfig.apiCandidates,
          fetchProbe(() => buildHeaders(storage.get(), currentReferrer())),
          runtimeConfig.apiBasePath,
        );
  if (base === null) return unreachable();
  appState.set({ onlineApiBaseURL: base.replace(/\/+$/, '') });
  resetHandshake();
  // Off the visitor's path (issue 16): reads never wait on the knock, only sealed calls do. A
  // refused knock (4290: too many from this address) is no reason to go offline; a sealed call
  // knocks again when it needs the key. In a task of its own: at start this runs inside the entry
  // module's evaluation, which a phone counts as blocking once it passes 50 ms (issue 30).
  setTimeout(() => {
    ensureHandshake().catch((error: unknown) => {
      if (!(error instanceof RequestError && error.code === ErrorCode.rateLimited)) unreachable();
    });
  }, 0);
};

/** Runs (again) the online start: after the start itself and after a mode switch. */
export const reconnect = (): Promise<void> => {
  const run = goOnline();
  setStartup(run);
  return run;
};

/** Everything decided once at start (spec §3, §4, §9); the handshake runs in the background. */
export const startModes = (now: Date = new Date()): Promise<void> => {
  const record = storage.get();
  if (record.accessKey && now.getTime() >= record.accessExp)
    storage.set({ accessKey: '', accessExp: 0, isExpiredGreatOldOne: true });
  const autoDark = isAutoDarkHour(now);
  appState.set({
    offlineModeOnly: !hostIsOwn(location.hostname, runtimeConfig.domains),
    mobileMode: isMobileViewport(),
    darkMode: autoDark,
  });
  if (autoDark) notify('warning', spec('autoDark'));
  if (isEveningHour(now)) notify('warning', spec('evening'));
  if (record.devMode) notify('warning', spec('devMode'));
  if (record.offlineMode) notify('warning', spec('offlineMode'));
  window
    .matchMedia(landscapeOrSquare)
    .addEventListener('change', (change) => appState.set({ mobileMode: !change.matches }));
  return reconnect();
};

export const setDarkMode = (on: boolean): void => appState.set({ darkMode: on });

export const setDarkKey = (key: string): void => storage.set({ darkModeDecodeKey: key });

export const setOfflineMode = async (on: boolean): Promise<void> => {
  storage.set({ offlineMode: on });
  if (on) notify('warning', spec('offlineMode'));
  else await reconnect();
};

export const setDevMode = async (on: boolean): Promise<void> => {
  storage.set({ devMode: on });
  appState.set({ onlineApiBaseURL: '' });
  if (on) notify('warning', spec('devMode'));
  await reconnect();
};
