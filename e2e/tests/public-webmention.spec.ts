import { mf2 } from 'microformats-parser';
import { describe, expect, inject, it } from 'vitest';
import { newestEssayId } from '../support/publicPages.ts';

/**
 * Webmention and microformats2 (issue 29.4), as another site sees us: an essay's page, fetched the
 * way a Webmention sender or a microformats reader fetches it (no JavaScript), names our endpoint by
 * header and by `<link>`, and reads as an h-entry by the owner's h-card; the endpoint takes a mention
 * of that essay and refuses one of another site.
 */
describe('an essay page as other sites read it', () => {
  const baseUrl = inject('baseUrl');

  it('advertises the Webmention endpoint and reads as an h-entry by the owner', async () => {
    const id = await newestEssayId(baseUrl);
    const res = await fetch(`${baseUrl}/chaos/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('link')).toBe('</api/webmention>; rel="webmention"');
    const parsed = mf2(await res.text(), { baseUrl: res.url });
    const origin = new URL(res.url).origin;
    expect(parsed.rels.webmention).toEqual([`${origin}/api/webmention`]);
    const entry = parsed.items.find((item) => item.type?.includes('h-entry'));
    expect(entry?.properties.url).toEqual([`${origin}/chaos/${id}`]);
    expect(entry?.properties.published?.[0]).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(entry?.properties.content?.[0]).toMatchObject({ value: expect.stringMatching(/\S/) });
    const author = entry?.properties.author?.[0] as { type: string[]; properties: { name: string[] } };
    expect(author.type).toEqual(['h-card']);
    // The header's h-card is the same person.
    const owner = parsed.items.find((item) => item.type?.includes('h-card'));
    expect(owner?.properties.name).toEqual(author.properties.name);
  });

  it('the endpoint takes a mention of an essay (202) and refuses one of another site (400)', async () => {
    const id = await newestEssayId(baseUrl);
    const send = (target: string) =>
      fetch(`${baseUrl}/api/webmention`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ source: 'http://127.0.0.1:9/e2e-mention', target }).toString(),
      });
    const accepted = await send(`${baseUrl}/chaos/${id}`);
    expect(accepted.status).toBe(202);
    expect(await accepted.json()).toMatchObject({ code: 0, data: { status: 'pending' } });
    const refused = await send('https://elsewhere.example/chaos/1');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 4000 });
  });
});
