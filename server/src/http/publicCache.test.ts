import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

const addLink = (t: TestApp, name: string, description = '') =>
  t.database.db
    .insertInto('link')
    .values({
      name,
      url: `https://${name}.example`,
      avatar: '',
      description,
      state: 1,
      sort_order: 0,
      created_at: 0,
    })
    .execute();

describe('public answer cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // Enough text that the answer is over the compression threshold.
    for (let i = 0; i < 12; i++) await addLink(t, `site${i}`, '一段足够长的友链介绍文字，'.repeat(8));
  });
  afterAll(() => t.close());
  beforeEach(() => t.publicCache.invalidate('link'));

  const links = (headers: Record<string, string> = {}) =>
    t.server.inject({ method: 'GET', url: '/api/blog/link', headers });

  it('answers with an ETag and revalidation headers', async () => {
    const res = await links();
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toMatch(/^W\/".+"$/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(String(res.headers.vary)).toContain('x-dark-key');
    expect(res.json().data).toHaveLength(12);
  });

  it('answers 304 with no body to a matching If-None-Match', async () => {
    const first = await links();
    const again = await links({ 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(first.headers.etag);
  });

  it('answers 200 to a stale If-None-Match', async () => {
    const res = await links({ 'if-none-match': 'W/"stale"' });
    expect(res.statusCode).toBe(200);
  });

  it('serves the stored answer until the table is invalidated', async () => {
    const before = await links();
    await addLink(t, 'newcomer');
    expect((await links()).body).toBe(before.body);
    t.publicCache.invalidate('link');
    const after = await links();
    expect(after.json().data).toHaveLength(13);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    await t.database.db.deleteFrom('link').where('name', '=', 'newcomer').execute();
  });

  it('drops a stored answer after the TTL, for writes made by another replica', async () => {
    await links();
    await addLink(t, 'elsewhere');
    t.clock.advance(10_001);
    expect((await links()).json().data).toHaveLength(13);
    await t.database.db.deleteFrom('link').where('name', '=', 'elsewhere').execute();
  });

  it('invalidates only answers built from the written table', async () => {
    await links();
    await t.server.inject({ method: 'GET', url: '/api/blog/bangumi' });
    const size = t.publicCache.size;
    t.publicCache.invalidate('bangumi');
    expect(t.publicCache.size).toBe(size - 1);
  });

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)(
    'sends the answer compressed once with %s, byte-identical when decoded',
    async (encoding, decode) => {
      const plain = await links();
      for (let i = 0; i < 2; i++) {
        const res = await links({ 'accept-encoding': encoding });
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(decode(res.rawPayload).toString()).toBe(plain.body);
        expect(res.headers.etag).toBe(plain.headers.etag);
      }
    },
  );

  it('shares one entry between orderings of the same query', async () => {
    const a = await t.server.inject({ method: 'GET', url: '/api/blog/bangumi?keyword=x&z=1' });
    const size = t.publicCache.size;
    const b = await t.server.inject({ method: 'GET', url: '/api/blog/bangumi?z=1&keyword=x' });
    expect(t.publicCache.size).toBe(size);
    expect(b.headers.etag).toBe(a.headers.etag);
  });

  describe('the fast path before Fastify (issue 16)', () => {
    let base = '';
    beforeAll(async () => {
      const address = await t.server.listen({ port: 0, host: '127.0.0.1' });
      base = address;
    });

    /** What a header set looks like without what differs per request. */
    const stable = (res: Response) => {
      const headers = Object.fromEntries(res.headers);
      delete headers.date;
      delete headers['x-request-id'];
      return headers;
    };

    it('answers a stored visitor answer with the same bytes and headers as the ordinary path', async () => {
      const first = await fetch(`${base}/api/blog/link`, { headers: { 'accept-encoding': 'br' } });
      const firstBody = Buffer.from(await first.arrayBuffer());
      const before = t.publicCache.fastAnswers;
      const second = await fetch(`${base}/api/blog/link`, { headers: { 'accept-encoding': 'br' } });
      expect(t.publicCache.fastAnswers).toBe(before + 1);
      expect(second.headers.get('content-encoding')).toBe('br');
      const secondBody = Buffer.from(await second.arrayBuffer());
      expect(stable(second)).toEqual(stable(first));
      expect(secondBody.equals(firstBody)).toBe(true);
      expect(second.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
      expect(second.headers.get('content-security-policy')).toContain("default-src 'self'");
    });

    it('answers 304 to a matching If-None-Match', async () => {
      const first = await fetch(`${base}/api/blog/link`);
      const etag = first.headers.get('etag') ?? '';
      const before = t.publicCache.fastAnswers;
      const again = await fetch(`${base}/api/blog/link`, { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
      expect(t.publicCache.fastAnswers).toBe(before + 1);
    });

    it('shows a write at once: invalidation reaches the fast path', async () => {
      await fetch(`${base}/api/blog/link`);
      await addLink(t, 'fresh-one');
      t.publicCache.invalidate('link');
      const after = (await (await fetch(`${base}/api/blog/link`)).json()) as { data: { name: string }[] };
      expect(after.data.map((l) => l.name)).toContain('fresh-one');
    });

    it('computes a hot answer again before it expires, so its readers never leave the fast path', async () => {
      const first = await fetch(`${base}/api/blog/link`);
      await first.arrayBuffer();
      // Written as another replica would: nothing here is told.
      await addLink(t, 'ahead');
      const names = async () => {
        const res = await fetch(`${base}/api/blog/link`);
        return { res, names: ((await res.json()) as { data: { name: string }[] }).data.map((l) => l.name) };
      };
      const fresh = await names();
      expect(fresh.names).not.toContain('ahead');
      // Seven tenths into the TTL a fast answer asks for a fresh copy; the answer itself is the stored one.
      t.clock.advance(7_001);
      const before = t.publicCache.fastAnswers;
      expect((await names()).names).not.toContain('ahead');
      await expect
        .poll(async () => (await names()).names, { timeout: 2_000, interval: 20 })
        .toContain('ahead');
      // Every one of those answers came from the fast path: the refresh needed no visitor's request.
      const last = await names();
      expect(t.publicCache.fastAnswers - before).toBeGreaterThanOrEqual(3);
      // The same headers as the first answer, but for those of the new bytes.
      const { etag, 'content-length': length, ...rest } = stable(last.res);
      const { etag: firstEtag, 'content-length': firstLength, ...firstRest } = stable(fresh.res);
      expect(rest).toEqual(firstRest);
      expect([etag, length]).not.toEqual([firstEtag, firstLength]);
      await t.database.db.deleteFrom('link').where('name', '=', 'ahead').execute();
    });

    it('leaves a request with an owner key to the ordinary path', async () => {
      await fetch(`${base}/api/blog/link`);
      const before = t.publicCache.fastAnswers;
      const res = await fetch(`${base}/api/blog/link`, { headers: { 'x-fingerprint': 'not-a-key' } });
      expect(res.status).toBe(200);
      expect(t.publicCache.fastAnswers).toBe(before);
    });
  });
});
