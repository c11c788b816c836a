/**
 * What a log line may not carry (issue 40.5): the values of credential-shaped query parameters and
 * headers, and the user part of an address (`//user:pass@host`). Everything here runs before a line
 * is written, to every destination (standard output, the daily files, the database shipper).
 */

export const REDACTED = '[redacted]';

/**
 * A query parameter or header whose name matches carries a credential (docs/decisions.md, 40.5):
 * token, access_token, api_key, apikey, key, secret, client_secret, password, passwd, pass, pwd,
 * auth, authorization, cookie, set-cookie, session, jwt, credential, fingerprint (our access key),
 * otp, and — as whole words only, so `encoding`, `inside` and `design` stay — code, sid, sig.
 * It errs on the side of blanking: `keyword=` and `author=` lose their value too.
 */
const CREDENTIAL_NAME =
  /token|secret|pass|pwd|auth|key|session|jwt|cred|cookie|fingerprint|otp|(?:^|[^a-z])(?:code|sid|sig)/i;

export const isCredentialName = (name: string): boolean => CREDENTIAL_NAME.test(name);

const decodedName = (raw: string): string => {
  if (raw.indexOf('%') === -1) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
};

/**
 * A request URL fit for the log: the path as it came, each credential-shaped query value blanked.
 * On the hot path of every request: a URL without a query string costs one `indexOf`.
 */
export const redactUrl = (url: string): string => {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const hash = url.indexOf('#', start);
  const end = hash === -1 ? url.length : hash;
  const query = url.slice(start + 1, end);
  // Most queries (`?start=5`) hold no credential-shaped text at all: then there is nothing to split.
  // An escaped name (`%74oken`) could hide one, so any `%` takes the long way.
  if (query.indexOf('%') === -1 && !CREDENTIAL_NAME.test(query)) return url;
  const pairs = query.split('&');
  let changed = false;
  for (let index = 0; index < pairs.length; index += 1) {
    const pair = pairs[index] as string;
    const equals = pair.indexOf('=');
    // A name without a value holds nothing to hide; a value without a credential-shaped name stays.
    if (equals === -1 || !isCredentialName(decodedName(pair.slice(0, equals)))) continue;
    pairs[index] = `${pair.slice(0, equals + 1)}${REDACTED}`;
    changed = true;
  }
  return changed ? `${url.slice(0, start + 1)}${pairs.join('&')}${url.slice(end)}` : url;
};

type HeaderBag = Record<string, string | string[] | number | undefined>;

/** A copy of request or answer headers with every credential-shaped header blanked. */
export const redactHeaders = (headers: unknown): unknown => {
  if (!headers || typeof headers !== 'object') return headers;
  const copy: HeaderBag = {};
  for (const [name, value] of Object.entries(headers as HeaderBag)) {
    copy[name] = isCredentialName(name) && value !== undefined ? REDACTED : value;
  }
  return copy;
};

/**
 * The last net, over each finished pino line (JSON text): credential-shaped `name=value` pairs after
 * a `?` or `&` anywhere in it — a URL inside an error message, a remote's address in a warning — and
 * the user part of an address. The value runs to the next `&`, `#`, space or the end of the JSON
 * string (escapes inside it are taken along, so `\"` cannot cut it short).
 */
const LINE_SECRETS = /([?&])([^=&#\s"\\?]{1,100})=((?:[^&#\s"\\]|\\.)*)|(\/\/)[^/\s"@]*:[^/\s"@]*@/g;

export const redactLine = (line: string): string =>
  line.indexOf('?') === -1 && line.indexOf('@') === -1
    ? line
    : line.replace(
        LINE_SECRETS,
        (whole, separator?: string, name?: string, _value?: string, slashes?: string) => {
          if (slashes) return `${slashes}${REDACTED}@`;
          return name && isCredentialName(decodedName(name)) ? `${separator}${name}=${REDACTED}` : whole;
        },
      );
