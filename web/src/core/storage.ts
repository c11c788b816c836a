import { Limits } from '@candy/contract/constants';
import { deobfuscate, obfuscate } from '@candy/contract/obfuscation';
import { defaultRecord, newUuid, type StorageRecord } from '@candy/contract/storageRecord';
import { createStore } from './store.ts';

export { defaultRecord, type StorageRecord } from '@candy/contract/storageRecord';

type Loose = Record<string, unknown>;

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const bool = (v: unknown): boolean => v === true;
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** Version 4 → 5: version 5 introduced the emote history and the username cache (decisions.md). */
const from4 = (old: Loose): Loose => ({
  ...old,
  version: 5,
  emoteHistory: Array.isArray(old.emoteHistory) ? old.emoteHistory : [],
  usernameCache: str(old.usernameCache),
});

/** Version 5 → 6: adds the empty guestName and guestEmail (spec §3). */
const from5 = (old: Loose): Loose => ({ ...old, version: 6, guestName: '', guestEmail: '' });

/** Field by field, so a hand-edited record can never put a wrong type into the app. */
const normalise = (raw: Loose): StorageRecord => ({
  version: 6,
  isExpiredGreatOldOne: bool(raw.isExpiredGreatOldOne),
  darkModeDecodeKey: str(raw.darkModeDecodeKey),
  devMode: bool(raw.devMode),
  offlineMode: bool(raw.offlineMode),
  accessKey: str(raw.accessKey),
  accessExp: num(raw.accessExp),
  usernameCache: str(raw.usernameCache),
  emoteHistory: Array.isArray(raw.emoteHistory)
    ? raw.emoteHistory.filter((e): e is string => typeof e === 'string')
    : [],
  uuid: str(raw.uuid) || newUuid(),
  guestName: str(raw.guestName),
  guestEmail: str(raw.guestEmail),
  language: str(raw.language),
});

/** Decodes and migrates a stored value; anything unreadable or of another version resets to defaults. */
export const parseRecord = (stored: string | null): StorageRecord => {
  if (!stored) return defaultRecord();
  let raw: Loose;
  try {
    const text = deobfuscate(stored);
    const parsed: unknown = text === null ? null : JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return defaultRecord();
    raw = parsed as Loose;
  } catch {
    return defaultRecord();
  }
  if (raw.version === 4) raw = from4(raw);
  if (raw.version === 5) raw = from5(raw);
  if (raw.version !== Limits.storageVersion) return defaultRecord();
  return normalise(raw);
};

export const serialiseRecord = (record: StorageRecord): string => obfuscate(JSON.stringify(record));

const localStore = (): Storage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage disabled (privacy mode): the app still runs, settings last one visit.
    return null;
  }
};

const load = (): StorageRecord => {
  const record = parseRecord(localStore()?.getItem(Limits.storageKey) ?? null);
  localStore()?.setItem(Limits.storageKey, serialiseRecord(record));
  return record;
};

const initial = load();
// A server render knows no visitor's record: it shows the defaults (no dark key, nothing chosen).
const serverRecord = defaultRecord(initial.uuid);

/** The storage record as a store: every change is written through to local storage. */
export const storage = createStore<StorageRecord>(initial, () => serverRecord);
storage.subscribe(() => localStore()?.setItem(Limits.storageKey, serialiseRecord(storage.get())));
