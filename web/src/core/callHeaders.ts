import { Header } from '@candy/contract/headers';
import type { StorageRecord } from './storage.ts';

/** Header values must be Latin-1; anything else (a Chinese decode key, a search path) is %-encoded. */
const headerSafe = (value: string): string =>
  /^[\x20-\x7e]*$/.test(value) ? value : encodeURIComponent(value);

/** Local wall-clock time in ms (DESIGN §3): `Date.now() - offsetMinutes * 60000`. */
export const localTime = (now: Date = new Date()): number => now.getTime() - now.getTimezoneOffset() * 60_000;

/** The five headers of spec §7; empty values are not sent. */
export const buildHeaders = (
  record: Pick<StorageRecord, 'accessKey' | 'darkModeDecodeKey' | 'uuid'>,
  referrer: string,
  now: Date = new Date(),
): Record<string, string> => {
  const all: Record<string, string> = {
    [Header.fingerprint]: record.accessKey,
    [Header.darkKey]: record.darkModeDecodeKey,
    [Header.uuid]: record.uuid,
    [Header.referrer]: referrer,
    [Header.localTime]: String(localTime(now)),
  };
  return Object.fromEntries(
    Object.entries(all)
      .filter(([, value]) => value !== '')
      .map(([name, value]) => [name, headerSafe(value)]),
  );
};

/**
 * The page that makes the call: the current route, then a space and the outside page the visitor
 * came from when there is one (issue 13: analytics counts page views and referrers from this).
 */
export const currentReferrer = (): string => {
  if (typeof location === 'undefined') return '';
  const route = location.pathname + location.search;
  let outside = '';
  try {
    outside = document.referrer && new URL(document.referrer).host !== location.host ? document.referrer : '';
  } catch {
    outside = '';
  }
  return outside ? `${route} ${outside}` : route;
};
