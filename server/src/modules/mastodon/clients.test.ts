import fs from 'node:fs';
import path from 'node:path';
import { createOAuthAPIClient, createRestAPIClient, type mastodon } from 'masto';
import generator from 'megalodon';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { ownerKey } from '../auth/testing.ts';
import { decide, pkcePair, redirectParams } from './testing.ts';

const CALLBACK = 'http://127.0.0.1:43123/callback';
const OOB = 'urn:ietf:wg:oauth:2.0:oob';

/**
 * Issue 42 "Done when": two Mastodon client libraries we did not write log in as the owner and
 * post, edit, delete and read back, against the real server on a loopback port; and the refusals
 * (a refused approval, a wrong PKCE verifier, a revoked app, a read-only app posting) come back
 * the Mastodon way.
 */
describe('Mastodon client API with masto.js and megalodon', () => {
  let t: TestApp;
  let base: string;
  let key: string;
  let picture: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    base = await t.server.listen({ port: 0, host: '127.0.0.1' });
    key = await ownerKey(t);
    picture = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#f6a' } })
      .png()
      .toBuffer();
  });
  afterAll(() => t.close());

  /** An app registered and approved by the owner through masto.js, with PKCE. */
  const mastoLogin = async (scopes: string) => {
    const anonymous = createRestAPIClient({ url: base });
    const app = await anonymous.v1.apps.create({ clientName: 'masto 测试', redirectUris: CALLBACK, scopes });
    const { verifier, challenge } = pkcePair();
    const decided = await decide(
      t,
      key,
      {
        response_type: 'code',
        client_id: app.clientId ?? '',
        redirect_uri: CALLBACK,
        scope: scopes,
        state: 'st-1',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      },
      true,
    );
    const back = redirectParams(decided);
    expect(back.get('state')).toBe('st-1');
    const params = {
      grantType: 'authorization_code',
      clientId: app.clientId ?? '',
      clientSecret: app.clientSecret ?? '',
      redirectUri: CALLBACK,
      code: back.get('code') ?? '',
      codeVerifier: verifier,
    } as const;
    const token = await createOAuthAPIClient({ url: base }).token.create(params);
    return { app, token, client: createRestAPIClient({ url: base, accessToken: token.accessToken }) };
  };

  it('masto.js: registers, is approved with PKCE, posts a moment with a picture, edits, reads back, deletes', async () => {
    const { client } = await mastoLogin('read write');
    const me = await client.v1.accounts.verifyCredentials();
    expect(me.id).toBe('1');
    const instance = await client.v2.instance.fetch();
    expect(instance.configuration.statuses.maxMediaAttachments).toBe(9);

    const media = await client.v2.media.create({
      file: new Blob([picture], { type: 'image/png' }),
      description: '粉色方块',
    });
    expect(media.description).toBe('粉色方块');
    expect((await client.v1.media.$select(media.id).fetch()).url).toBe(media.url);
    const status = await client.v1.statuses.create({
      status: '手机上写的动态',
      mediaIds: [media.id],
      visibility: 'private',
    });
    expect(status.content).toBe('<p>手机上写的动态</p>');
    expect(status.mediaAttachments.map((m) => [m.id, m.description])).toEqual([[media.id, '粉色方块']]);
    // It is a moment like any other: the site's own list shows it with its picture.
    const moments = await t.server.inject({ url: '/api/blog/moments', headers: { 'x-fingerprint': key } });
    expect(moments.json().data.list[0]).toMatchObject({
      content: '手机上写的动态',
      images: [{ width: 40, height: 30 }],
    });

    const edited = await client.v1.statuses
      .$select(status.id)
      .update({ status: '改过的动态', mediaIds: [media.id] });
    expect(edited.content).toBe('<p>改过的动态</p>');
    expect((await client.v1.statuses.$select(status.id).fetch()).content).toBe('<p>改过的动态</p>');

    const home = await client.v1.timelines.home.list({ limit: 5 });
    expect(home[0]?.id).toBe(status.id);

    await client.v1.statuses.$select(status.id).remove();
    await expect(client.v1.statuses.$select(status.id).fetch()).rejects.toMatchObject({ statusCode: 404 });
  });

  it('masto.js: a status opening with a heading becomes an essay; notifications show a like and a fediverse reply', async () => {
    const { client } = await mastoLogin('read write');
    const essay = await client.v1.statuses.create({ status: '# 标题\n\n正文', visibility: 'private' });
    expect(essay.visibility).toBe('public');
    const essays = await t.server.inject({ url: '/api/blog/essay' });
    expect(essays.json().data.list[0].content).toBe('# 标题\n\n正文');

    const moment = await client.v1.statuses.create({ status: '被点赞的动态' });
    const momentId = (await t.modules.moments.list({})).list[0]?.id ?? 0;
    await t.modules.comments.remote.addReaction({
      kind: 'like',
      source: 'fediverse',
      remoteId: 'https://remote.example/likes/1',
      actorUrl: 'https://remote.example/users/alice',
      actorName: 'Alice',
      targetType: 'moment',
      targetId: momentId,
    });
    t.clock.advance(1000);
    await t.modules.comments.remote.addComment({
      source: 'fediverse',
      remoteId: 'https://remote.example/notes/1',
      authorName: 'Bob',
      authorUrl: 'https://remote.example/users/bob',
      authorAvatar: null,
      html: '<p>回复你的动态</p>',
      targetType: 'moment',
      targetId: momentId,
    });
    const [reply, ...older]: mastodon.v1.Notification[] = await client.v1.notifications.list();
    expect(reply).toMatchObject({
      type: 'mention',
      account: { displayName: 'Bob' },
      status: { content: '<p>回复你的动态</p>', inReplyToId: moment.id },
    });
    expect(older[0]).toMatchObject({
      type: 'favourite',
      account: { displayName: 'Alice' },
      status: { id: moment.id },
    });
  });

  it('megalodon: registers with the out-of-band redirect, posts with a picture, edits, reads the timeline, deletes', async () => {
    const anonymous = generator('mastodon', base);
    const app = await anonymous.registerApp('megalodon 测试', { scopes: ['read', 'write'] });
    const decided = await decide(
      t,
      key,
      { response_type: 'code', client_id: app.client_id, redirect_uri: OOB, scope: 'read write' },
      true,
    );
    expect(decided.redirectTo).toBeNull();
    const token = await anonymous.fetchAccessToken(app.client_id, app.client_secret, decided.code ?? '', OOB);
    const client = generator('mastodon', base, token.access_token);

    expect((await client.verifyAccountCredentials()).data.id).toBe('1');
    // megalodon sends what form-data can stream with a name: a file, as an app on a computer would.
    const file = path.join(t.config.dataDir, 'upload.png');
    fs.writeFileSync(file, picture);
    const media = await client.uploadMedia(fs.createReadStream(file), { description: '替代文字' });
    const posted = await client.postStatus('megalodon 的动态', { media_ids: [media.data.id] });
    const status = posted.data as { id: string; media_attachments: { description: string | null }[] };
    expect(status.media_attachments[0]?.description).toBe('替代文字');
    await client.editStatus(status.id, { status: 'megalodon 改过' });
    expect((await client.getStatus(status.id)).data.content).toBe('<p>megalodon 改过</p>');
    expect((await client.getHomeTimeline({ limit: 3 })).data[0]?.id).toBe(status.id);
    expect((await client.getNotifications()).status).toBe(200);
    await client.deleteStatus(status.id);
    await expect(client.getStatus(status.id)).rejects.toMatchObject({ response: { status: 404 } });
  });

  it('a refused approval sends the app access_denied with its state, and mints no code', async () => {
    const app = await createRestAPIClient({ url: base }).v1.apps.create({
      clientName: '被拒',
      redirectUris: CALLBACK,
      scopes: 'read',
    });
    const decided = await decide(
      t,
      key,
      { client_id: app.clientId ?? '', redirect_uri: CALLBACK, scope: 'read', state: 'no' },
      false,
    );
    const back = redirectParams(decided);
    expect([back.get('error'), back.get('state'), back.get('code')]).toEqual(['access_denied', 'no', null]);
  });

  it('a wrong PKCE verifier is invalid_grant (400), and the code is spent', async () => {
    const app = await createRestAPIClient({ url: base }).v1.apps.create({
      clientName: 'PKCE',
      redirectUris: CALLBACK,
      scopes: 'read',
    });
    const { challenge } = pkcePair();
    const decided = await decide(
      t,
      key,
      {
        client_id: app.clientId ?? '',
        redirect_uri: CALLBACK,
        scope: 'read',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      },
      true,
    );
    const form = {
      grant_type: 'authorization_code',
      client_id: app.clientId ?? '',
      redirect_uri: CALLBACK,
      code: redirectParams(decided).get('code') ?? '',
      code_verifier: pkcePair().verifier,
    };
    const res = await fetch(`${base}/oauth/token`, { method: 'POST', body: new URLSearchParams(form) });
    expect([res.status, ((await res.json()) as { error: string }).error]).toEqual([400, 'invalid_grant']);
  });

  it('a revoked app is refused with 401; a read-only app posting with 403', async () => {
    const revoked = await mastoLogin('read write');
    await createOAuthAPIClient({ url: base }).revoke({
      clientId: revoked.app.clientId ?? '',
      clientSecret: revoked.app.clientSecret ?? '',
      token: revoked.token.accessToken,
    });
    await expect(revoked.client.v1.accounts.verifyCredentials()).rejects.toMatchObject({
      statusCode: 401,
      message: 'The access token is invalid',
    });
    const reader = await mastoLogin('read');
    await expect(reader.client.v1.statuses.create({ status: '不该发出去' })).rejects.toMatchObject({
      statusCode: 403,
      message: 'This action is outside the authorized scopes',
    });
  });

  it('the tokens page lists an approved app with its scopes and last use; revoking it shuts the app out', async () => {
    const { client } = await mastoLogin('read write:statuses');
    await client.v1.accounts.verifyCredentials();
    const list = await t.server.inject({ url: '/api/user/oauth/grant', headers: { 'x-fingerprint': key } });
    const grant = (list.json().data as { id: number; scopes: string[]; lastUsedAt: number | null }[]).find(
      (g) => g.scopes.join(' ') === 'read write:statuses',
    );
    expect(grant?.lastUsedAt).not.toBeNull();
    const revoked = await t.server.inject({
      method: 'DELETE',
      url: `/api/user/oauth/grant/${grant?.id}`,
      headers: { 'x-fingerprint': key },
    });
    expect(revoked.json().data.revokedAt).not.toBeNull();
    await expect(client.v1.timelines.home.list()).rejects.toMatchObject({ statusCode: 401 });
  });
});
