/** The five headers every client call carries (spec §7, DESIGN §3). Lower case: Node lower-cases them. */
export const Header = {
  fingerprint: 'x-fingerprint',
  darkKey: 'x-dark-key',
  uuid: 'x-uuid',
  referrer: 'x-referrer',
  localTime: 'x-local-time',
} as const;

export const customHeaders: readonly string[] = Object.values(Header);

/** Headers the server answers with and lets cross-origin callers read. */
export const exposedHeaders: readonly string[] = [...customHeaders, 'x-request-id', 'retry-after'];
