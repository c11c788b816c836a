import {
  type AuthenticatedDocumentLoaderFactory,
  type DocumentLoader,
  type DocumentLoaderFactory,
  FetchError,
  getDocumentLoader,
  getUserAgent,
  type KvStore,
  kvCache,
  type RemoteDocument,
  signRequest,
} from '@fedify/fedify';
import type { Outbound } from '../../net/outbound.ts';
import { withExtraContexts } from './contexts.ts';

/**
 * The JSON-LD contexts Fedify 1.5.9 keeps in memory (its `runtime/contexts.js`, not exported):
 * these are answered by Fedify's own loader without a request, everything else goes out through
 * our outbound module.
 */
const PRELOADED = new Set([
  'https://www.w3.org/ns/activitystreams',
  'https://w3id.org/security/v1',
  'https://w3id.org/security/data-integrity/v1',
  'https://www.w3.org/ns/did/v1',
  'https://w3id.org/security/multikey/v1',
  'https://w3id.org/identity/v1',
  'https://purl.archive.org/socialweb/webfinger',
  'http://schema.org/',
  'https://gotosocial.org/ns',
]);

const ACCEPT = 'application/activity+json, application/ld+json';
const JSON_LD = /^application\/(activity\+json|ld\+json)(;|$)/i;
const HTML = /^(text\/html|application\/xhtml\+xml)(;|$)/i;
/** A remote document past this is refused (an actor or a note is a few KB). */
const MAX_BYTES = 1024 * 1024;
const MAX_REDIRECTS = 3;

/** `<link rel="alternate" type="application/activity+json" href="…">` in an HTML page, if any. */
const alternateIn = (html: string, base: string): string | null => {
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    const attr = (name: string) => new RegExp(`\\b${name}=["']([^"']*)["']`, 'i').exec(tag)?.[1] ?? '';
    if (attr('rel').toLowerCase() === 'alternate' && JSON_LD.test(attr('type')) && attr('href'))
      return new URL(attr('href'), base).href;
  }
  return null;
};

interface LoaderOptions {
  outbound: Pick<Outbound, 'fetch'>;
  userAgent: string;
  /** Signs each request (the authenticated loader); the headers to add. */
  sign?: (url: string) => Promise<Record<string, string>>;
}

/**
 * A document loader whose every request — the first address, each redirect, an HTML page's
 * alternate link — goes through our outbound module (DESIGN §11): its SSRF guard refuses loopback,
 * private and link-local addresses unless OUTBOUND_ALLOWED_ADDRESSES / OUTBOUND_ALLOW_PRIVATE say
 * otherwise, checked at connect time, with its timeout and size cap.
 */
const outboundLoader = (options: LoaderOptions): DocumentLoader => {
  const preloaded = getDocumentLoader();
  const load = async (url: string, hops: number): Promise<RemoteDocument> => {
    if (PRELOADED.has(url)) return preloaded(url);
    const headers = { accept: ACCEPT, 'user-agent': options.userAgent, ...(await options.sign?.(url)) };
    let res: Awaited<ReturnType<Outbound['fetch']>>;
    try {
      res = await options.outbound.fetch(url, { headers, maxBytes: MAX_BYTES, maxRedirects: 0 });
    } catch (error) {
      throw new FetchError(url, error instanceof Error ? error.message : String(error));
    }
    const location = res.headers.location;
    if (res.status >= 300 && res.status < 400 && location) {
      if (hops >= MAX_REDIRECTS) throw new FetchError(url, `more than ${MAX_REDIRECTS} redirects`);
      return load(new URL(location, url).href, hops + 1);
    }
    if (res.status < 200 || res.status >= 300) throw new FetchError(url, `HTTP ${res.status}: ${url}`);
    const type = String(res.headers['content-type'] ?? '');
    const text = res.body.toString('utf8');
    if (HTML.test(type)) {
      const alternate = alternateIn(text, url);
      if (alternate && alternate !== url && hops < MAX_REDIRECTS) return load(alternate, hops + 1);
    }
    let document: unknown;
    try {
      document = JSON.parse(text);
    } catch {
      throw new FetchError(url, 'not JSON');
    }
    return { contextUrl: null, document, documentUrl: url };
  };
  // Contexts Fedify 1.5 does not ship are answered from memory (contexts.ts), for every loader.
  return withExtraContexts((url) => load(url, 0));
};

export interface FederationLoaders {
  documentLoaderFactory: DocumentLoaderFactory;
  contextLoaderFactory: DocumentLoaderFactory;
  authenticatedDocumentLoaderFactory: AuthenticatedDocumentLoaderFactory;
  /** The plain loader, cached like Fedify's (the inbox's signature check in mount.ts uses it). */
  documentLoader: DocumentLoader;
}

/**
 * Fedify's loaders (remote actors, keys, objects, contexts) on our outbound module instead of its
 * own `fetch`. Documents are cached in the KV store for five minutes, as Fedify's default does;
 * signed fetches (authorized fetch) are not cached, as Fedify's are not.
 */
export const createFederationLoaders = (
  outbound: Pick<Outbound, 'fetch'>,
  kv: KvStore,
): FederationLoaders => {
  const userAgentOf = (options?: { userAgent?: Parameters<typeof getUserAgent>[0] | string }) =>
    typeof options?.userAgent === 'string'
      ? options.userAgent
      : getUserAgent({ software: 'CandyJar', ...options?.userAgent });
  const cached = (userAgent: string) =>
    kvCache({
      loader: outboundLoader({ outbound, userAgent }),
      kv,
      prefix: ['_fedify', 'remoteDocument'],
    });
  const documentLoader = cached(userAgentOf());
  const documentLoaderFactory: DocumentLoaderFactory = (options) =>
    options?.userAgent ? cached(userAgentOf(options)) : documentLoader;
  return {
    documentLoader,
    documentLoaderFactory,
    contextLoaderFactory: documentLoaderFactory,
    authenticatedDocumentLoaderFactory: (identity, options) =>
      outboundLoader({
        outbound,
        userAgent: userAgentOf(options),
        async sign(url) {
          const signed = await signRequest(
            new Request(url, { headers: { accept: ACCEPT } }),
            identity.privateKey,
            identity.keyId,
          );
          const headers: Record<string, string> = {};
          signed.headers.forEach((value, name) => {
            headers[name] = value;
          });
          return headers;
        },
      }),
  };
};
