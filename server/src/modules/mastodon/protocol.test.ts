import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createOwner } from '../auth/testing.ts';
import { appToken } from '../oauth/testing.ts';

/**
 * The Mastodon API's edges (issue 42), through inject: what apps call at start, the answers that
 * are Mastodon's and never our envelope, the Idempotency-Key, paging, and where the paths sit.
 */
describe('the Mastodon API around the posting flow', () => {
  let t: TestApp;
  let token: string;
  const as = (secret: string) => ({ authorization: `Bearer ${secret}` });

  beforeAll(async () => {
    // A base path of its own: the apps' paths stay at the root whatever it is.
    t = await createTestApp({ env: { API_BASE_PATH: '/backend' } });
    await createOwner(t);
    token = await appToken(t, 'read write');
  });
  afterAll(() => t.close());

  const get = (url: string, secret = token) => t.server.inject({ url, headers: as(secret) });
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.server.inject({ method: 'POST', url, payload, headers: { ...as(token), ...headers } });

  it('sits at the root beside a moved API base, with the OAuth metadata apps discover', async () => {
    expect((await t.server.inject({ url: '/api/v1/instance' })).json().title).toBe(t.config.siteTitle);
    expect((await t.server.inject({ url: '/backend/system/version' })).json().code).toBe(0);
    const meta = (await t.server.inject({ url: '/.well-known/oauth-authorization-server' })).json();
    expect(meta).toMatchObject({
      code_challenge_methods_supported: ['S256'],
      grant_types_supported: ['authorization_code', 'client_credentials'],
    });
    expect(meta.token_endpoint).toMatch(/\/oauth\/token$/);
  });

  it.each([
    '/api/v1/filters',
    '/api/v2/filters',
    '/api/v1/lists',
    '/api/v1/announcements',
    '/api/v1/followed_tags',
    '/api/v1/conversations',
    '/api/v1/trends/tags',
  ])('%s answers an empty list to an app, and 401 {error} without a token', async (url) => {
    expect((await get(url)).json()).toEqual([]);
    const refused = await t.server.inject({ url });
    expect([refused.statusCode, refused.json()]).toEqual([401, { error: 'The access token is invalid' }]);
  });

  it('an endpoint the site does not have is Mastodon’s 404, not our envelope', async () => {
    const res = await get('/api/v1/polls/1');
    expect([res.statusCode, res.json()]).toEqual([404, { error: 'Record not found' }]);
    const status = await get('/api/v1/statuses/999999');
    expect([status.statusCode, status.json()]).toEqual([404, { error: 'Record not found' }]);
  });

  it('a browser app on another origin may call (preflight and answer)', async () => {
    const preflight = await t.server.inject({
      method: 'OPTIONS',
      url: '/api/v1/statuses',
      headers: { origin: 'https://elk.zone', 'access-control-request-method': 'POST' },
    });
    expect([preflight.statusCode, preflight.headers['access-control-allow-origin']]).toEqual([204, '*']);
    expect((await get('/api/v1/accounts/verify_credentials')).headers['access-control-allow-origin']).toBe(
      '*',
    );
  });

  it('one Idempotency-Key is one post, however often the app sends it', async () => {
    const before = await t.modules.moments.count();
    const first = await post('/api/v1/statuses', { status: '只发一次' }, { 'idempotency-key': 'k-1' });
    const again = await post('/api/v1/statuses', { status: '只发一次' }, { 'idempotency-key': 'k-1' });
    expect(again.json().id).toBe(first.json().id);
    expect(await t.modules.moments.count()).toBe(before + 1);
  });

  it("an app's post is in the audit log, named by the app", async () => {
    await post('/api/v1/statuses', { status: '记一笔' });
    const lines = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
    expect(lines[0]).toMatchObject({ method: 'POST', path: '/api/v1/statuses', status: 200 });
    expect(lines[0]?.username).toMatch(/（应用：Test app \(read write\)）$/);
  });

  it('a form body keeps its `media_ids[]` arrays: two pictures, one moment', async () => {
    const ids = [];
    for (const name of ['a', 'b'])
      ids.push(
        (
          await t.database.db
            .insertInto('image')
            .values({
              key: `images/${name}.png`,
              mime: 'image/png',
              width: 8,
              height: 6,
              size: 1,
              created_at: 0,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    const res = await t.server.inject({
      method: 'POST',
      url: '/api/v1/statuses',
      headers: { ...as(token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: `status=%E4%B8%A4%E5%BC%A0&media_ids[]=${ids[0]}&media_ids[]=${ids[1]}`,
    });
    expect(res.json().media_attachments.map((m: { id: string }) => m.id)).toEqual(ids.map(String));
    expect((await t.modules.moments.list({})).list[0]?.images).toHaveLength(2);
  });

  it('a public status is an essay; a direct one is refused with 422', async () => {
    const plain = await post('/api/v1/statuses', { status: '公开的', visibility: 'public' });
    expect(plain.json().visibility).toBe('public');
    expect((await t.modules.essays.listForSnapshot())[0]?.content).toBe('公开的');
    const direct = await post('/api/v1/statuses', { status: '私信', visibility: 'direct' });
    expect(direct.statusCode).toBe(422);
    expect(direct.json().error).toMatch(/^Validation failed/);
  });

  it('timelines page through the Link header, newest first', async () => {
    for (const text of ['一', '二', '三']) {
      await post('/api/v1/statuses', { status: text });
      t.clock.advance(1000);
    }
    const first = await get('/api/v1/timelines/home?limit=2');
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))?.[1] ?? '';
    const second = await get(new URL(next).pathname + new URL(next).search);
    const texts = [...first.json(), ...second.json()].map((s: { content: string }) => s.content);
    expect(texts.slice(0, 3)).toEqual(['<p>三</p>', '<p>二</p>', '<p>一</p>']);
  });

  it('an app-only (client credentials) token cannot post; a reused code and an unknown grant are refused', async () => {
    const { clientId, clientSecret } = await t.modules.oauth.register({
      name: '应用自己',
      redirectUris: ['https://app.example/cb'],
      scopes: 'read write',
      website: null,
    });
    const form = (body: Record<string, string>) =>
      t.server.inject({
        method: 'POST',
        url: '/oauth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(body).toString(),
      });
    const appOnly = await form({
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: clientSecret,
    });
    const posted = await post('/api/v1/statuses', { status: '应用自己发' }, as(appOnly.json().access_token));
    expect(posted.statusCode).toBe(401);
    const unknown = await form({ grant_type: 'password', client_id: clientId, client_secret: clientSecret });
    expect([unknown.statusCode, unknown.json().error]).toEqual([400, 'unsupported_grant_type']);
    const decided = await t.modules.oauth.decide({
      clientId,
      redirectUri: 'https://app.example/cb',
      scope: 'read',
      approve: true,
    });
    const code = new URL(decided.redirectTo ?? '').searchParams.get('code') ?? '';
    const exchange = {
      grant_type: 'authorization_code',
      client_id: clientId,
      client_secret: clientSecret,
      code,
    };
    expect((await form(exchange)).statusCode).toBe(200);
    expect([(await form(exchange)).statusCode, (await form(exchange)).json().error]).toEqual([
      400,
      'invalid_grant',
    ]);
  });

  it('`write:statuses` posts but uploads nothing; on the own API it writes moments and essays only', async () => {
    const poster = await appToken(t, 'read write:statuses');
    expect((await post('/api/v1/statuses', { status: '只能发文' }, as(poster))).statusCode).toBe(200);
    const upload = await t.server.inject({ method: 'POST', url: '/api/v2/media', headers: as(poster) });
    expect([upload.statusCode, upload.json()]).toEqual([
      403,
      { error: 'This action is outside the authorized scopes' },
    ]);
    const own = (method: 'POST' | 'PUT', url: string) =>
      t.server
        .inject({ method, url: `/backend${url}`, headers: as(poster), payload: {} })
        .then((r) => r.json().code);
    // Inside the scope the empty body reaches validation (4000); outside it the scope refuses (4030).
    expect([await own('POST', '/blog/moment'), await own('PUT', '/todolist/realtodo')]).toEqual([4000, 4030]);
  });

  it('app registration is open, but one address registering app after app is told to wait (429)', async () => {
    const register = () =>
      t.server.inject({
        method: 'POST',
        url: '/api/v1/apps',
        remoteAddress: '203.0.113.9',
        payload: { client_name: '刷屏', redirect_uris: 'https://spam.example/cb' },
      });
    for (let i = 0; i < 20; i += 1) expect((await register()).statusCode).toBe(200);
    const refused = await register();
    expect([refused.statusCode, Number(refused.headers['retry-after']) > 0]).toEqual([429, true]);
    expect(refused.json().error).toMatch(/Too many apps/);
  });

  it('a picture the decoder cannot read is 422, not a 500', async () => {
    // A PNG whose header is right and whose pixels are not: it passes the type sniff, then fails to decode.
    const broken = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
      'base64',
    );
    const form = new FormData();
    form.append('file', new Blob([broken], { type: 'image/png' }), 'broken.png');
    const res = await t.server.inject({
      method: 'POST',
      url: '/api/v2/media',
      headers: as(token),
      payload: form,
    });
    expect([res.statusCode, res.json().error]).toEqual([422, 'Validation failed: 图片无法解码']);
  });
});
