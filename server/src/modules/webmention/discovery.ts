import type { Outbound } from '../../net/outbound.ts';
import { pageReader } from './pageReader.ts';

/**
 * Webmention endpoint discovery, as W3C Webmention §3.1.2 orders it: the first HTTP `Link` header
 * with rel=webmention, else the first `<link>` or `<a>` element with rel=webmention and an href, in
 * document order. A relative address is resolved against the page's address after redirects, so an
 * empty href names the page itself; the endpoint's query string is kept.
 */

/** Pages larger than this are read only this far: endpoints sit in `<head>` or near it. */
const PAGE_BYTES = 1024 * 1024;
const TIMEOUT_MS = 10_000;

const isHttp = (url: URL) => url.protocol === 'http:' || url.protocol === 'https:';

/** `<url>; rel="a b"; x=y, <url2>; rel=webmention`: each link's address and rel values, in order. */
export const parseLinkHeader = (header: string): { href: string; rels: string[] }[] => {
  const links: { href: string; rels: string[] }[] = [];
  // Quoted parameter values may hold commas and semicolons, so the header is walked, not split.
  const pattern = /<([^>]*)>((?:\s*;\s*[^\s=;,]+(?:\s*=\s*(?:"(?:[^"\\]|\\.)*"|[^;,]*))?)*)/g;
  for (const match of header.matchAll(pattern)) {
    const params = match[2] ?? '';
    const rels: string[] = [];
    for (const param of params.matchAll(/;\s*([^\s=;,]+)(?:\s*=\s*("(?:[^"\\]|\\.)*"|[^;,]*))?/g)) {
      if (param[1]?.toLowerCase() !== 'rel' || param[2] === undefined) continue;
      const value = param[2].startsWith('"') ? param[2].slice(1, -1) : param[2];
      rels.push(...value.toLowerCase().split(/\s+/).filter(Boolean));
    }
    links.push({ href: match[1] ?? '', rels });
  }
  return links;
};

/** The endpoint a `Link` header names, resolved against `pageUrl`, or null. */
export const endpointFromLinkHeader = (header: string | string[] | undefined, pageUrl: string) => {
  const headers = Array.isArray(header) ? header : header ? [header] : [];
  for (const value of headers) {
    const link = parseLinkHeader(value).find((entry) => entry.rels.includes('webmention'));
    const url = link ? URL.parse(link.href, pageUrl) : null;
    if (url) return url.toString();
  }
  return null;
};

/** The endpoint an HTML page names: the first `<link>` or `<a>` with rel=webmention and an href. */
export const endpointFromHtml = async (html: string, pageUrl: string): Promise<string | null> =>
  (await pageReader()).firstRelLink(html, 'webmention', pageUrl);

/** The page's endpoint, or null when it names none (or names one that is not http(s)). */
export const discoverEndpoint = async (outbound: Outbound, target: string): Promise<string | null> => {
  const page = await outbound.fetch(target, {
    headers: { accept: 'text/html, application/xhtml+xml;q=0.9, */*;q=0.1' },
    timeoutMs: TIMEOUT_MS,
    maxBytes: PAGE_BYTES,
    truncate: true,
  });
  if (page.status < 200 || page.status >= 300) return null;
  const fromHeader = endpointFromLinkHeader(page.headers.link, page.url);
  const type = String(page.headers['content-type'] ?? '');
  const found =
    fromHeader ?? (/html/i.test(type) ? await endpointFromHtml(page.body.toString('utf8'), page.url) : null);
  const endpoint = found ? URL.parse(found) : null;
  return endpoint && isHttp(endpoint) ? endpoint.toString() : null;
};
