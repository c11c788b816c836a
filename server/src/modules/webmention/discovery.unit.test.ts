import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebmentionSite, type WebmentionSite } from '../../../test/fakes/webmentionSite.ts';
import { createOutbound } from '../../net/outbound.ts';
import { discoverEndpoint, endpointFromLinkHeader, parseLinkHeader } from './discovery.ts';

const html = (head: string, body = '') =>
  `<!doctype html><html><head><title>t</title>${head}</head><body>${body}</body></html>`;

/**
 * The cases of webmention.rocks' discovery tests, served by a real HTTP server on 127.0.0.1: each
 * page and the endpoint its test expects (`null`: none), relative to the site's origin.
 */
const cases: { name: string; page: SitePageCase; expected: string | null }[] = [
  {
    name: 'Link header, relative URL',
    page: { headers: { link: '</ep/1>; rel=webmention' } },
    expected: '/ep/1',
  },
  {
    name: 'Link header, absolute URL',
    page: { headers: { link: '<ORIGIN/ep/2>; rel="webmention"' } },
    expected: '/ep/2',
  },
  {
    name: '<link> element, relative',
    page: { body: html('<link rel="webmention" href="/ep/3">') },
    expected: '/ep/3',
  },
  {
    name: '<a> element, absolute',
    page: { body: html('', '<a rel="webmention" href="ORIGIN/ep/4">ep</a>') },
    expected: '/ep/4',
  },
  {
    name: 'Link header with strange casing and several rel values',
    page: { headers: { link: '</ep/5>; REL="nofollow WebMention"' } },
    expected: '/ep/5',
  },
  {
    name: 'Link header first, over the document',
    page: {
      headers: { link: '</ep/header>; rel="webmention"' },
      body: html('<link rel="webmention" href="/ep/doc">'),
    },
    expected: '/ep/header',
  },
  {
    name: 'several Link headers, one of them ours',
    page: { headers: { link: ['</other>; rel="other"', '</ep/7>; rel="webmention"'] } },
    expected: '/ep/7',
  },
  {
    name: 'one Link header holding several links',
    page: { headers: { link: '</a,b>; rel="other", </ep/8>; rel="webmention"' } },
    expected: '/ep/8',
  },
  {
    name: 'first element in document order wins (<a> before <link>)',
    page: {
      body: `<html><body><a rel="webmention" href="/ep/a">a</a><link rel="webmention" href="/ep/link"></body></html>`,
    },
    expected: '/ep/a',
  },
  {
    name: 'rel holding several values',
    page: { body: html('<link rel="nofollow webmention me" href="/ep/10">') },
    expected: '/ep/10',
  },
  {
    name: 'endpoint with a query string keeps it',
    page: { body: html('<link rel="webmention" href="/ep/11?version=1">') },
    expected: '/ep/11?version=1',
  },
  {
    name: 'empty href is the page itself',
    page: { body: html('<link rel="webmention" href="">') },
    expected: '/page',
  },
  {
    name: 'an element without href is skipped',
    page: { body: html('<link rel="webmention"><link rel="webmention" href="/ep/13">') },
    expected: '/ep/13',
  },
  {
    name: 'an endpoint inside an HTML comment is not one',
    page: {
      body: html('<!-- <link rel="webmention" href="/ep/wrong"> --><link rel="webmention" href="/ep/14">'),
    },
    expected: '/ep/14',
  },
  {
    name: 'an endpoint in escaped code is not one',
    page: {
      body: html(
        '',
        '<code>&lt;a rel="webmention" href="/ep/wrong"&gt;</code><a rel="webmention" href="/ep/15">x</a>',
      ),
    },
    expected: '/ep/15',
  },
  {
    name: 'a rel-less Link header is passed over',
    page: {
      headers: { link: '</ep/wrong>; title="webmention"' },
      body: html('<link rel="webmention" href="/ep/16">'),
    },
    expected: '/ep/16',
  },
  {
    name: 'a page naming none',
    page: { body: html('<link rel="stylesheet" href="/s.css">') },
    expected: null,
  },
  {
    name: 'HTML is not searched when the page is not HTML',
    page: { headers: { 'content-type': 'text/plain' }, body: '<link rel="webmention" href="/ep/wrong">' },
    expected: null,
  },
];

type SitePageCase = { headers?: Record<string, string | string[]>; body?: string };

describe('Webmention endpoint discovery', () => {
  let site: WebmentionSite;
  const outbound = createOutbound({ allowPrivate: false, allowed: ['127.0.0.1'] });

  beforeAll(async () => {
    site = await startWebmentionSite();
  });
  afterAll(async () => site.close());

  const withOrigin = (value: string) => value.replaceAll('ORIGIN', site.origin);

  it.each(cases)('$name', async ({ page, expected }) => {
    site.pages.set('/page', {
      headers: Object.fromEntries(
        Object.entries(page.headers ?? {}).map(([k, v]) => [
          k,
          Array.isArray(v) ? v.map(withOrigin) : withOrigin(v),
        ]),
      ),
      body: withOrigin(page.body ?? ''),
    });
    const endpoint = await discoverEndpoint(outbound, `${site.origin}/page`);
    expect(endpoint).toBe(expected === null ? null : `${site.origin}${expected}`);
  });

  it('resolves a relative endpoint against the page it was redirected to', async () => {
    site.pages.set('/moved', { status: 302, headers: { location: '/deep/page' } });
    site.pages.set('/deep/page', { body: html('<link rel="webmention" href="endpoint">') });
    expect(await discoverEndpoint(outbound, `${site.origin}/moved`)).toBe(`${site.origin}/deep/endpoint`);
  });

  it('finds nothing on a page that is not there', async () => {
    expect(await discoverEndpoint(outbound, `${site.origin}/missing`)).toBeNull();
  });

  it('refuses a private address the policy does not allow', async () => {
    const strict = createOutbound({ allowPrivate: false, allowed: [] });
    await expect(discoverEndpoint(strict, `${site.origin}/page`)).rejects.toThrow(/内网/);
  });
});

describe('Link header parsing', () => {
  it('keeps quoted commas and semicolons inside one link', () => {
    expect(parseLinkHeader('<https://a.example/x>; title="a, b; c"; rel="webmention"')).toEqual([
      { href: 'https://a.example/x', rels: ['webmention'] },
    ]);
  });

  it('answers null without a webmention rel', () => {
    expect(endpointFromLinkHeader('</x>; rel="me"', 'https://a.example/p')).toBeNull();
  });
});
