/** Mastodon's "show the code on the page" redirect, for apps that cannot receive one. */
export const OOB_REDIRECT = 'urn:ietf:wg:oauth:2.0:oob';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

const parse = (uri: string): URL | null => {
  try {
    return new URL(uri);
  } catch {
    return null;
  }
};

/**
 * Whether an app may register this redirect URI (RFC 8252): https, http only to a loopback
 * address, a private-use scheme of the app's own (`ivory://`, `com.example.app:/cb`), or the
 * out-of-band code page. Schemes that would run or read something here never.
 */
export const acceptableRedirect = (uri: string): boolean => {
  if (uri === OOB_REDIRECT) return true;
  const url = parse(uri);
  if (!url || url.hash) return false;
  const scheme = url.protocol.slice(0, -1).toLowerCase();
  if (scheme === 'https') return true;
  if (scheme === 'http') return LOOPBACK_HOSTS.has(url.hostname);
  return !['javascript', 'data', 'file', 'blob', 'vbscript', 'about', 'ftp', 'ws', 'wss'].includes(scheme);
};

/**
 * Whether `asked` is one of the registered URIs. A loopback one may differ in its port only (RFC
 * 8252 §7.3: native apps listen on whatever port is free at the time).
 */
export const redirectRegistered = (registered: readonly string[], asked: string): boolean =>
  registered.some((uri) => {
    if (uri === asked) return true;
    const a = parse(uri);
    const b = parse(asked);
    if (!a || !b || a.protocol !== 'http:' || !LOOPBACK_HOSTS.has(a.hostname)) return false;
    return (
      a.hostname === b.hostname &&
      a.protocol === b.protocol &&
      a.pathname === b.pathname &&
      a.search === b.search
    );
  });

/** The redirect carrying the code or the refusal, `state` returned as the app sent it. */
export const redirectWith = (uri: string, values: Record<string, string | undefined>): string => {
  const url = new URL(uri);
  for (const [key, value] of Object.entries(values))
    if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
};
