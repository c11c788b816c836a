import { ssrData } from './ssrData.ts';
import { storage } from './storage.ts';
import { createStore, useStore } from './store.ts';

/** The application info state of spec §3, with its defaults. */
export interface AppInfo {
  mobileMode: boolean;
  darkMode: boolean;
  /** True unless the page host ends with one of the own domains, or after a failed handshake. */
  offlineModeOnly: boolean;
  openGreatOldOneGate: boolean;
  /** The handshake's public key (SPKI, base64); empty until a handshake succeeded. */
  temporaryPublicKey: string;
  /** The path whose page is loading, set at navigation start and cleared on completion. */
  routeLoading: string | null;
  /** The chosen API base (spec §7 host probe); empty until chosen. */
  onlineApiBaseURL: string;
  dokkiri: boolean;
}

export const defaultAppInfo = (): AppInfo => ({
  mobileMode: false,
  darkMode: false,
  offlineModeOnly: false,
  openGreatOldOneGate: false,
  temporaryPublicKey: '',
  routeLoading: null,
  onlineApiBaseURL: '',
  dokkiri: false,
});

/**
 * What the server renders with: the defaults and its guess of the phone layout (from the
 * User-Agent). No start-up decision (night mode, unreachable server) is in it.
 */
const serverInfo = { mobile: false, info: defaultAppInfo() };
const serverAppInfo = (): AppInfo => {
  const mobile = ssrData()?.mobile ?? false;
  // One object per guess: React compares what a hydrating render reads by reference.
  if (serverInfo.mobile !== mobile)
    Object.assign(serverInfo, { mobile, info: { ...defaultAppInfo(), mobileMode: mobile } });
  return serverInfo.info;
};

export const appState = createStore<AppInfo>(defaultAppInfo(), serverAppInfo);

export const useAppInfo = <S>(select: (info: AppInfo) => S): S => useStore(appState, select);

/** Owner ("great old one") mode: an access key is stored and now is before accessExp (spec §4). */
export const isOwner = (now: number = Date.now()): boolean => {
  const { accessKey, accessExp } = storage.get();
  return accessKey !== '' && now < accessExp;
};

/** Offline when the user chose it or the server cannot be used (spec §4). */
export const isOffline = (): boolean => storage.get().offlineMode || appState.get().offlineModeOnly;

export const useIsOwner = (): boolean => {
  // Re-read on storage changes; expiry itself is checked at start and on each 4010.
  useStore(storage, (r) => `${r.accessKey}:${r.accessExp}`);
  return isOwner();
};

export const useIsOffline = (): boolean => {
  const chosen = useStore(storage, (r) => r.offlineMode);
  const forced = useAppInfo((i) => i.offlineModeOnly);
  return chosen || forced;
};

export const useDarkMode = (): boolean => useAppInfo((i) => i.darkMode);

/** Admin flag or open gate: who sees the back-office link and the developer switch (spec §2). */
export const useCanSeeBackOffice = (): boolean => {
  const owner = useIsOwner();
  const gate = useAppInfo((i) => i.openGreatOldOneGate);
  return owner || gate;
};
