/**
 * The local storage record of spec §3, shared by the web client (which keeps it) and the end-to-end
 * tests (which start pages from a given record). No zod: the web bundle imports this at runtime.
 */
/** Schema version 6; the only thing the web app writes to local storage. */
export interface StorageRecord {
  version: 6;
  /** Set when a stored access key has run out: the owner may reach /contract to log in again. */
  isExpiredGreatOldOne: boolean;
  darkModeDecodeKey: string;
  devMode: boolean;
  offlineMode: boolean;
  accessKey: string;
  /** ms epoch; owner mode holds while now < accessExp. */
  accessExp: number;
  usernameCache: string;
  emoteHistory: string[];
  uuid: string;
  guestName: string;
  guestEmail: string;
  /**
   * The interface language the visitor chose in the settings menu (issue 44), '' while they chose
   * none. Added within version 6: an older record reads as '' and keeps every other field.
   */
  language: string;
}

export const newUuid = (): string =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : // Older browsers on plain http have no randomUUID: build a v4 uuid from random bytes.
      [...crypto.getRandomValues(new Uint8Array(16))]
        .map((b, i) => (i === 6 ? (b & 0x0f) | 0x40 : i === 8 ? (b & 0x3f) | 0x80 : b))
        .map((b, i) => ([4, 6, 8, 10].includes(i) ? '-' : '') + b.toString(16).padStart(2, '0'))
        .join('');

export const defaultRecord = (uuid: string = newUuid()): StorageRecord => ({
  version: 6,
  isExpiredGreatOldOne: false,
  darkModeDecodeKey: '',
  devMode: false,
  offlineMode: false,
  accessKey: '',
  accessExp: 0,
  usernameCache: '',
  emoteHistory: [],
  uuid,
  guestName: '',
  guestEmail: '',
  language: '',
});
