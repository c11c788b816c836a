import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { calls, type RouteName } from '@candy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeBangumiUpstream, startFakeBangumi } from '../../test/fakes/bangumiUpstream.ts';
import { type FakeEmoteUpstream, startFakeEmoteUpstream } from '../../test/fakes/emoteUpstream.ts';
import {
  type FakeMusicUpstream,
  startFakeMusicUpstream,
  unreachableBaseUrl,
} from '../../test/fakes/musicUpstream.ts';
import { type FakePushTargets, startFakePushTargets, startFakeSmtp } from '../../test/fakes/pushTargets.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createOpenApiChecker, readOpenApiDoc } from '../../test/openapiCheck.ts';
import { type Coverage, createProbe, type Probe } from '../../test/openapiProbe.ts';
import { collections, systemAndAuth, writing } from '../../test/openapiScenario.ts';
import { files, insight, sessions, settings, videos } from '../../test/openapiScenarioAdmin.ts';
import { apps } from '../../test/openapiScenarioApps.ts';
import { federation } from '../../test/openapiScenarioFederation.ts';
import { imports } from '../../test/openapiScenarioImports.ts';
import { newsletter } from '../../test/openapiScenarioNewsletter.ts';
import { replyNotices } from '../../test/openapiScenarioReplies.ts';
import { security } from '../../test/openapiScenarioSecurity.ts';
import { tokens } from '../../test/openapiScenarioTokens.ts';
import { webhooks } from '../../test/openapiScenarioWebhooks.ts';
import { webmention } from '../../test/openapiScenarioWebmention.ts';
import { createOwner, OWNER, ownerKey } from '../modules/auth/testing.ts';
import { makeSourceDir } from '../modules/videos/testKit.ts';

/**
 * docs/openapi.json against real answers (issue 23): every operation is called over real HTTP, on
 * success and on refusal, and each answer's status, content type and JSON body must be what the
 * document says. Providers answer from the loopback fakes, then from a dead port (5030).
 */

const doc = readOpenApiDoc();
const checker = createOpenApiChecker(doc);
const coverage: Coverage = new Map();
const DARK_KEY = 'probe-dark-key';

const listen = async (t: TestApp): Promise<string> => {
  await t.server.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.server.server.address() as AddressInfo).port}`;
};

describe('the OpenAPI document against real answers', () => {
  let t: TestApp;
  let dead: TestApp;
  let api: Probe;
  let deadApi: Probe;
  let sourceDir: string;
  let leases: string;
  let webhookReceiver: string;
  const fakes: {
    music?: FakeMusicUpstream;
    bangumi?: FakeBangumiUpstream;
    emotes?: FakeEmoteUpstream;
    push?: FakePushTargets;
  } = {};

  beforeAll(async () => {
    sourceDir = await makeSourceDir();
    // A dnsmasq lease file: one device on the home network.
    leases = path.join(sourceDir, 'dhcp.leases');
    fs.writeFileSync(
      leases,
      `${Math.floor(Date.now() / 1000) + 3600} 02:00:00:00:00:01 192.168.1.20 phone *\n`,
    );
    fakes.music = await startFakeMusicUpstream([
      {
        id: 1001,
        name: '晴天',
        artists: ['周杰伦'],
        picUrl: 'http://img.test/1.jpg',
        url: 'http://a.test/1.mp3',
      },
    ]);
    fakes.bangumi = await startFakeBangumi();
    fakes.push = await startFakePushTargets();
    fakes.emotes = await startFakeEmoteUpstream(
      [{ id: 1, text: '小黄脸', emote: [{ id: 101, text: '[doge]', url: 'https://i0.hdslb.com/doge.png' }] }],
      [{ id: 'cat-1', name: '猫猫头', group: '猫', url: 'cats/1.gif' }],
    );
    t = await createTestApp({
      seed: true,
      env: {
        DARK_KEY,
        VIDEO_SOURCE_DIR: sourceDir,
        DEVICE_SOURCE: `leases:${leases}`,
        ANALYTICS_FLUSH_MS: '100',
        MUSIC_API_BASE: fakes.music.baseUrl,
        BANGUMI_API_BASE: fakes.bangumi.base,
        EMOTE_REMOTE_INDEX: fakes.emotes.indexUrl,
        EMOTE_BILIBILI_BASE: fakes.emotes.bilibiliBase,
        OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1',
      },
    });
    const nowhere = await unreachableBaseUrl();
    webhookReceiver = `${nowhere}/hook`;
    dead = await createTestApp({
      env: {
        MUSIC_API_BASE: nowhere,
        BANGUMI_API_BASE: nowhere,
        EMOTE_REMOTE_INDEX: `${nowhere}/index.json`,
        EMOTE_BILIBILI_BASE: nowhere,
        PARKING_API_BASE: nowhere,
        DEVICE_SOURCE: 'leases:/nonexistent/dhcp.leases',
        // The dead cover below must reach its closed port, not stop at the address check (a 400).
        OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1',
        // The newsletter's links must be https (RFC 8058): its probe runs here.
        SITE_URL: 'https://candy.example',
        PUSH_ALLOW_LOOPBACK: 'true',
      },
    });
    await createOwner(t);
    await createOwner(dead);
    api = createProbe({
      base: await listen(t),
      checker,
      coverage,
      ownerKey: await ownerKey(t),
      darkKey: DARK_KEY,
    });
    deadApi = createProbe({
      base: await listen(dead),
      checker,
      coverage,
      ownerKey: await ownerKey(dead),
      darkKey: DARK_KEY,
    });
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await dead?.close();
    await Promise.all([
      fakes.music?.close(),
      fakes.bangumi?.close(),
      fakes.emotes?.close(),
      fakes.push?.close(),
    ]);
    if (sourceDir) fs.rmSync(sourceDir, { recursive: true, force: true });
  });

  it('the check itself refuses an undocumented status, content type or body', () => {
    const answer = (status: number, contentType: string, body: string) =>
      checker.check({
        method: 'GET',
        url: '/api/system/version',
        status,
        contentType,
        body: Buffer.from(body),
      });
    expect(answer(418, 'application/json', '{}').problems.join()).toMatch(/status not documented/);
    expect(answer(200, 'text/html', '<p>').problems.join()).toMatch(
      /content type "text\/html" not documented/,
    );
    expect(answer(200, 'application/json', '{"code":0}').problems.join()).toMatch(/does not fit the schema/);
    expect(
      answer(404, 'application/json', '{"code":4010,"data":null,"errorMsg":"x"}').problems.join(),
    ).toMatch(/does not fit the schema/);
    expect(answer(200, 'application/json; charset=utf-8', '{"code":0,"data":"1"}').problems).toEqual([]);
    expect(
      checker.check({
        method: 'GET',
        url: '/api/nothing',
        status: 200,
        contentType: '',
        body: Buffer.alloc(0),
      }),
    ).toMatchObject({ operationId: null });
  });

  it('the handshake, login and system calls', async () => {
    await systemAndAuth(api, OWNER);
  });

  it('essays, articles and comments', async () => {
    await writing(api);
  });

  it('replies reaching the visitor (push subscription, unsubscribe link)', async () => {
    await replyNotices(api, await t.modules.comments.replyNotices.unsubscribeQuery('reader@example.com'));
  });

  it('readers by e-mail (subscribe, confirm and unsubscribe links, the owner’s calls)', async () => {
    const smtp = await startFakeSmtp();
    try {
      const mailedToken = async () => {
        await dead.modules.scheduler.runNow('newsletter-send', 'change');
        await dead.modules.scheduler.idle();
        const raw = (smtp.messages.at(-1)?.raw ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        return /confirm\?token=([\w-]+)/.exec(raw)?.[1] ?? 'no-confirmation-mail';
      };
      await newsletter(
        deadApi,
        api,
        smtp.port,
        await dead.modules.newsletter.unsubscribeQuery('reader@example.org'),
        mailedToken,
      );
    } finally {
      await smtp.close();
    }
  });

  it('moving in: imports and their old addresses', async () => {
    await imports(api);
  });

  it('signed webhooks', async () => {
    await webhooks(api, webhookReceiver);
    let failed = 0;
    await federation(api, async () => {
      // A delivery Fedify gave up on, to an inbox this server may not reach (a retry is refused again).
      const row = await t.database.db
        .insertInto('federation_delivery')
        .values({
          message_id: `probe-${++failed}`,
          activity_id: 'http://127.0.0.1/ap/activities/create/chaos/1/1',
          activity_type: 'Create',
          inbox: 'http://127.0.0.3:9/inbox',
          state: 'failed',
          attempts: 11,
          status_code: 503,
          answer: 'busy',
          message: JSON.stringify({
            type: 'outbox',
            id: `probe-${failed}`,
            baseUrl: 'http://127.0.0.1',
            keys: [],
            activity: {},
            activityId: 'http://127.0.0.1/ap/activities/create/chaos/1/1',
            activityType: 'https://www.w3.org/ns/activitystreams#Create',
            inbox: 'http://127.0.0.3:9/inbox',
            sharedInbox: false,
            started: new Date().toISOString(),
            attempt: 10,
            headers: {},
          }),
          created_at: t.clock.now,
          updated_at: t.clock.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
  });

  it('Webmention', async () => {
    await webmention(api);
  });

  it('API tokens', async () => {
    await tokens(api);
  });

  it('fediverse apps (the approval page and the tokens page)', async () => {
    await apps(api, t.modules.oauth);
  });

  it('passkeys, TOTP and the fresh-login confirmation', async () => {
    await security(api, OWNER, () => t.clock.now);
  });

  it('links, quotes, anime, waifu, moments, music, emotes and images', async () => {
    await collections(api);
  });

  it('videos', async () => {
    await videos(api, sourceDir);
  }, 60_000);

  it('files, protected assets and temporary blobs', async () => {
    await files(api);
  }, 30_000);

  it('settings, jobs, to-dos, meta, log, health and the document itself', async () => {
    await settings(api);
  }, 30_000);

  it('analytics, devices, parking and push', async () => {
    await insight(api, fakes.push?.base ?? '');
  });

  it('outside services that fail answer 503 as documented', async () => {
    const failing: [RouteName, Record<string, string | number>][] = [
      ['musicSongDetail', { ids: '1' }],
      ['musicSongUrl', { id: '1' }],
      ['bangumiBySubjectId', { subjectId: 1 }],
      ['bangumiByKeyword', { keyword: 'a' }],
      ['bangumiByAirDate', { airDate: '2022-10' }],
      ['emoteRemote', {}],
      ['emoteSelect', {}],
      ['parkingByPosition', { lat: 1, lng: 1 }],
      ['parkingOrders', {}],
      ['onlineDevices', {}],
    ];
    for (const [name, query] of failing)
      await deadApi.fails(name, name === 'emoteSelect' ? { params: { id: 'cat-1' } } : { query }, 503);
    await deadApi.fails('emoteBilibili', { json: { id: 1 } }, 503);
    await deadApi.fails('bangumiCreate', { json: { title: 'x', cover: 'http://127.0.0.1:9/c.jpg' } }, 503);
  });

  it('callers without the key they need are refused as documented', async () => {
    for (const [name, call] of Object.entries(calls) as [RouteName, (typeof calls)[RouteName]][]) {
      if (call.access === 'owner')
        await api.fails(name, { as: 'visitor', params: dummyParams(call.path) }, 401);
      if (call.access === 'dark')
        await api.fails(name, { as: 'visitor', params: dummyParams(call.path) }, 403);
    }
  });

  it('the sessions, last (they end the probe’s key)', async () => {
    const security = await api.ok('security');
    const others = security.sessions.filter((s) => !s.current).map((s) => s.id);
    await sessions(api, others, OWNER);
  });

  it('every operation in the document answered at least once, and once refused where a caller can be', () => {
    const operations = checker.operationIds;
    const never = operations.filter((id) => ![...(coverage.get(id) ?? [])].some((s) => s < 400));
    const unrefused = operations.filter(
      (id) => canBeRefused(id) && ![...(coverage.get(id) ?? [])].some((s) => s >= 400),
    );
    expect(never, 'operations never answered with success').toEqual([]);
    expect(unrefused, 'operations never answered with an error').toEqual([]);
    // The server's routes and the document name the same calls.
    const registered = t.router.registered.map(
      (r) => `${r.method} ${r.url.replace(/:([A-Za-z]+)/g, '{$1}')}`,
    );
    const documented = Object.entries(doc.paths).flatMap(([p, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${p}`),
    );
    expect(
      registered.filter((r) => !documented.includes(r)),
      'routes missing from the document',
    ).toEqual([]);
    expect(
      documented.filter((d) => !registered.includes(d)),
      'documented but not served',
    ).toEqual([]);
  });
});

/** Path parameters that pass routing (the guard refuses before they are read). */
const dummyParams = (path: string): Record<string, string> =>
  Object.fromEntries(
    [...path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => [
      name as string,
      name === 'channel' ? 'webhook' : '1',
    ]),
  );

/** A public GET without any input has no caller error to make. */
const canBeRefused = (id: string): boolean => {
  const call = calls[id as RouteName];
  return !(call.access === 'public' && call.method === 'GET' && !call.params && !call.query);
};
