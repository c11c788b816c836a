import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { lookup as dnsLookupAsync } from 'node:dns/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { type Message, SaidError, said } from '../i18n/said.ts';
import { addressChecker, type OutboundPolicy } from './addressPolicy.ts';

/**
 * The one way the server fetches an address a user supplied (DESIGN §11): webhooks today, Webmention
 * and importers next. Every hop — the first address and each redirect — is checked against the
 * policy, and the check happens in the socket's own DNS lookup, so the address connected to is the
 * address checked (a name that answers a public address to the check and 127.0.0.1 to the connect,
 * DNS rebinding, gets nowhere). Providers with a configured base URL keep using `providers/`.
 */

export type OutboundFailure =
  | 'refused'
  | 'invalidUrl'
  | 'timeout'
  | 'tooLarge'
  | 'tooManyRedirects'
  | 'network';

/** Its message is keyed: said to the owner at a field, or kept as a delivery's reason (site language). */
export class OutboundError extends SaidError {
  constructor(
    readonly kind: OutboundFailure,
    message: Message,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

export interface OutboundRequest {
  method?: 'GET' | 'POST' | 'HEAD';
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The whole exchange, every redirect included. */
  timeoutMs?: number;
  /** Response bytes kept; past it the exchange fails, or stops reading when `truncate` is set. */
  maxBytes?: number;
  truncate?: boolean;
  /** Redirects followed (each hop checked again); 0 answers a redirect as it is. Default 3. */
  maxRedirects?: number;
}

export interface OutboundResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The address that answered, after redirects. */
  url: string;
}

export interface Outbound {
  fetch(url: string, request?: OutboundRequest): Promise<OutboundResponse>;
  /** Why an address may not be fetched (scheme, credentials, an address in a refused range), or null. */
  urlProblem(url: string): Promise<Message | null>;
  /**
   * The one address a connection that is not HTTP (SMTP) must use for a host name: every address the
   * name resolves to is checked, and the caller connects to the address returned (not the name again,
   * which could resolve elsewhere the second time).
   */
  pinnedAddress(host: string): Promise<string>;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Dropped when a redirect leaves the origin: they belong to the first one. */
const ORIGIN_BOUND_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

/** Said to the owner at the field they filled: what is wrong and which setting would allow it. */
const refused = (host: string) =>
  new OutboundError('refused', said('error.outbound.privateAddress', { host }));

/** A socket lookup that refuses a name when any address it resolves to is not allowed. */
const guardedLookup =
  (allowed: (address: string) => boolean): LookupFunction =>
  (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 4);
      const blocked = addresses.find((entry) => !allowed(entry.address));
      if (blocked || addresses.length === 0) return callback(refused(hostname), '', 4);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0] as LookupAddress;
      callback(null, first.address, first.family);
    });
  };

/** A name's trailing dot (`localhost.`) is the same name, fully qualified: it is checked without it. */
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');

/** `localhost` and its subdomains always mean this machine (RFC 6761), whatever a resolver says. */
const isLocalhostName = (host: string) => host === 'localhost' || host.endsWith('.localhost');

/** Scheme and credentials; literal addresses are checked here because a socket never looks them up. */
const syncProblem = (url: URL | null, allowed: (address: string) => boolean): OutboundError | null => {
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    return new OutboundError('invalidUrl', said('error.outbound.notHttp'));
  if (url.username || url.password)
    return new OutboundError('invalidUrl', said('error.outbound.credentials'));
  const host = hostOf(url);
  if (isIP(host) !== 0 && !allowed(host)) return refused(host);
  if (isLocalhostName(host.toLowerCase()) && !allowed('127.0.0.1')) return refused(host);
  return null;
};

export const createOutbound = (policy: OutboundPolicy, defaults: { userAgent?: string } = {}): Outbound => {
  const allowed = addressChecker(policy);
  const lookup = guardedLookup(allowed);

  const hop = (url: URL, request: OutboundRequest, signal: AbortSignal, maxBytes: number) =>
    new Promise<Omit<OutboundResponse, 'url'>>((resolve, reject) => {
      const client = url.protocol === 'https:' ? https : http;
      const body = request.body === undefined ? undefined : Buffer.from(request.body);
      const req = client.request(
        url,
        {
          method: request.method ?? 'GET',
          headers: {
            'user-agent': defaults.userAgent ?? 'CandyJar',
            ...request.headers,
            ...(body ? { 'content-length': String(body.length) } : {}),
          },
          // A fresh connection per request: a pooled socket would skip the lookup's check.
          agent: false,
          lookup,
          signal,
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          const done = () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size <= maxBytes) return void chunks.push(chunk);
            if (request.truncate) {
              chunks.push(chunk.subarray(0, chunk.length - (size - maxBytes)));
              res.destroy();
              return done();
            }
            res.destroy();
            reject(new OutboundError('tooLarge', said('error.outbound.tooLarge', { maxBytes })));
          });
          res.on('end', done);
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });

  const fetchUrl = async (input: string, request: OutboundRequest = {}): Promise<OutboundResponse> => {
    const timeoutMs = request.timeoutMs ?? 10_000;
    const signal = AbortSignal.timeout(timeoutMs);
    const maxRedirects = request.maxRedirects ?? 3;
    let url = URL.parse(input);
    let current = request;
    for (let redirects = 0; ; redirects += 1) {
      const problem = syncProblem(url, allowed);
      if (problem || !url) throw problem ?? new OutboundError('invalidUrl', said('error.outbound.notHttp'));
      let answer: Omit<OutboundResponse, 'url'>;
      try {
        answer = await hop(url, current, signal, request.maxBytes ?? 1024 * 1024);
      } catch (error) {
        if (error instanceof OutboundError) throw error;
        if (signal.aborted) throw new OutboundError('timeout', said('error.outbound.timeout', { timeoutMs }));
        throw new OutboundError('network', error instanceof Error ? error.message : String(error));
      }
      const location = answer.headers.location;
      // maxRedirects 0: a redirect is answered as it is (a webhook's signed POST is not re-aimed).
      if (!REDIRECTS.has(answer.status) || !location || maxRedirects === 0)
        return { ...answer, url: url.toString() };
      if (redirects >= maxRedirects)
        throw new OutboundError(
          'tooManyRedirects',
          said('error.outbound.tooManyRedirects', { maxRedirects }),
        );
      const next = URL.parse(location, url.toString());
      // 303, and 301/302 after a POST, turn into a GET without the body, as browsers do.
      const keepsMethod = answer.status === 307 || answer.status === 308 || current.method === 'HEAD';
      const headers = { ...current.headers };
      if (next && next.origin !== url.origin)
        for (const name of Object.keys(headers))
          if (ORIGIN_BOUND_HEADERS.includes(name.toLowerCase())) delete headers[name];
      current = keepsMethod
        ? { ...current, headers }
        : { ...current, headers, method: current.method === 'HEAD' ? 'HEAD' : 'GET', body: undefined };
      url = next;
    }
  };

  return {
    fetch: fetchUrl,
    async urlProblem(input) {
      const url = URL.parse(input);
      const problem = syncProblem(url, allowed);
      if (problem || !url) return problem?.said ?? said('error.outbound.notHttp');
      const host = hostOf(url);
      if (isIP(host) !== 0) return null;
      // A name that does not resolve yet is let through: the send-time lookup checks it again.
      const addresses = await dnsLookupAsync(host, { all: true }).catch(() => []);
      const blocked = addresses.find((entry) => !allowed(entry.address));
      return blocked ? refused(`${host} → ${blocked.address}`).said : null;
    },
    async pinnedAddress(input) {
      const host = input
        .trim()
        .replace(/^\[|\]$/g, '')
        .replace(/\.$/, '');
      if (isIP(host) !== 0) {
        if (!allowed(host)) throw refused(host);
        return host;
      }
      if (isLocalhostName(host.toLowerCase()) && !allowed('127.0.0.1')) throw refused(host);
      const addresses = await dnsLookupAsync(host, { all: true }).catch((error: unknown) => {
        throw new OutboundError(
          'network',
          said('error.outbound.unknownHost', { host, reason: error instanceof Error ? error.message : '' }),
        );
      });
      const blocked = addresses.find((entry) => !allowed(entry.address));
      const first = addresses[0];
      if (blocked || !first) throw refused(`${host} → ${blocked?.address ?? '?'}`);
      return first.address;
    },
  };
};
