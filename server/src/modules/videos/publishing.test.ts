import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode } from '@candy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testOwnerGuard } from '../../../test/contentFactories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { runSnapshot } from '../../snapshot/index.ts';
import { createVideoRepo } from './repo.ts';
import { makeSourceDir, multipart, videoClient } from './testKit.ts';

type Clip = {
  id: number;
  status: string;
  duration: number;
  url: string;
  cover: string;
  [k: string]: unknown;
};

describe('videos: publishing, collections, uploads', () => {
  let t: TestApp;
  let v: ReturnType<typeof videoClient>;
  let sourceDir: string;

  beforeAll(async () => {
    sourceDir = await makeSourceDir();
    t = await createTestApp({ ownerGuard: testOwnerGuard, env: { VIDEO_SOURCE_DIR: sourceDir } });
    v = videoClient(t);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    fs.rmSync(sourceDir, { recursive: true, force: true });
  });

  const cutClip = async (extra: Record<string, unknown> = {}) => {
    const clip = await v.data<Clip>('POST', '/video/material', {
      title: '片段',
      sourcePath: 'a.mp4',
      start: 1,
      end: 4,
      ...extra,
    });
    return (await v.settled(clip.id)) as Clip;
  };

  describe('offline snapshot', () => {
    it('carries published clips and collections as their embed calls answer them, nothing else', async () => {
      const shown = await cutClip({ title: '公开' });
      const hidden = await cutClip({ title: '私藏' });
      await v.data('POST', '/video/publish/material', { id: shown.id });
      const out = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-snap-'));
      try {
        await runSnapshot(t.modules, t.config, { now: t.clock.now, outDir: out });
        const file = JSON.parse(fs.readFileSync(path.join(out, `video/public/material/${shown.id}`), 'utf8'));
        const online = await t.server.inject({
          method: 'GET',
          url: `/api/video/public/material/${shown.id}`,
        });
        expect(file).toEqual(online.json().data);
        expect(fs.existsSync(path.join(out, `video/public/material/${hidden.id}`))).toBe(false);
      } finally {
        fs.rmSync(out, { recursive: true, force: true });
      }
    }, 60_000);
  });

  describe('bad input', () => {
    it.each([
      [
        'POST',
        '/video/material/page',
        { page: 0, size: 1000, sort: { field: 'x', order: 'up' } },
        ['page', 'size', 'sort.field', 'sort.order'],
      ],
      ['POST', '/video/material/page', { filters: { status: 'gone' } }, ['filters.status']],
      ['POST', '/video/collection/page', { page: 'one', keyword: 'x'.repeat(65) }, ['keyword', 'page']],
      ['PUT', '/video/material/abc', { title: 'x' }, ['id']],
      ['DELETE', '/video/material/1?force=maybe', undefined, ['force']],
      ['DELETE', '/video/collection/-1', undefined, ['id']],
      ['GET', '/video/material?status=nope', undefined, ['status']],
      ['POST', '/video/reupload', { id: 0, sourcePath: 'a.mp4', start: 2, end: 1 }, ['end', 'id']],
      ['POST', '/video/publish/collection', {}, ['id']],
      ['GET', '/video/media/1/..%2F..%2Fcandy.sqlite', undefined, ['name']],
    ] as const)('%s %s → 4000 on each bad field', async (method, url, body, fields) => {
      const res = await v.call(method, url, body);
      expect(res.statusCode).toBe(400);
      expect(
        res
          .json()
          .errors.map((e: { property: string }) => e.property)
          .sort(),
      ).toEqual([...fields].sort());
    });

    it('answers 4040 for clips and collections that do not exist', async () => {
      for (const [method, url, body] of [
        ['PUT', '/video/material/999999', { title: 'x' }],
        ['DELETE', '/video/material/999999', undefined],
        ['POST', '/video/publish/material', { id: 999999 }],
        ['POST', '/video/collection', { id: 999999, title: 'x' }],
        ['GET', '/video/public/collection/999999', undefined],
        ['GET', '/video/media/999999/abcdefgh.mp4', undefined],
      ] as const) {
        const res = await v.call(method, url, body);
        expect(res.statusCode, url).toBe(404);
      }
    });
  });

  describe('uploads', () => {
    it('refuses a text file named .mp4 with 4150 and keeps nothing', async () => {
      const form = new FormData();
      form.append('file', new Blob(['just text, honestly']), 'movie.mp4');
      const res = await t.server.inject({
        method: 'POST',
        url: '/api/static/video',
        ...(await withOwner(form)),
      });
      expect(res.statusCode).toBe(415);
      expect(res.json().code).toBe(ErrorCode.unsupportedMediaType);
      expect(await t.storage.list('videos/uploads/')).toEqual([]);
    });

    it('makes a clip from an uploaded video', async () => {
      const form = new FormData();
      form.append('file', new Blob([fs.readFileSync(path.join(sourceDir, 'trips/b.mp4'))]), 'holiday.mp4');
      form.append('tags', '上传, 测试');
      const res = await t.server.inject({
        method: 'POST',
        url: '/api/static/video',
        ...(await withOwner(form)),
      });
      expect(res.statusCode).toBe(200);
      const clip = res.json().data as Clip;
      expect(clip).toMatchObject({
        title: 'holiday',
        uploadName: 'holiday.mp4',
        sourcePath: null,
        tags: ['上传', '测试'],
      });
      const done = (await v.settled(clip.id)) as Clip;
      expect(done.status).toBe('ready');
      expect(done.duration).toBeCloseTo(4, 0);
    }, 60_000);
  });

  describe('collections', () => {
    it('publishes every clip with the collection, and guards deleting a clip it holds', async () => {
      const one = await cutClip({ title: '一' });
      const two = await cutClip({ title: '二' });
      const saved = await v.data<{ id: number; status: string }>('POST', '/video/collection', {
        title: '合集',
        materialIds: [two.id, one.id],
      });
      expect(saved.status).toBe('draft');
      expect(
        (await t.server.inject({ method: 'GET', url: `/api/video/public/collection/${saved.id}` }))
          .statusCode,
      ).toBe(404);
      await v.data('POST', '/video/publish/collection', { id: saved.id });
      const pub = await t.server.inject({ method: 'GET', url: `/api/video/public/collection/${saved.id}` });
      expect(pub.json().data.items.map((m: Clip) => m.title)).toEqual(['二', '一']);
      const refused = await v.call('DELETE', `/video/material/${one.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe(ErrorCode.conflict);
      expect((await v.call('DELETE', `/video/material/${one.id}?force=true`)).statusCode).toBe(200);
      const page = await v.data<{ list: { id: number; materialIds: number[] }[] }>(
        'POST',
        '/video/collection/page',
        {},
      );
      expect(page.list.find((c) => c.id === saved.id)?.materialIds).toEqual([two.id]);
      expect(
        (await t.server.inject({ method: 'GET', url: `/api/video/public/material/${one.id}` })).statusCode,
      ).toBe(404);
    }, 120_000);

    it.each([
      [{ title: '' }, ['title']],
      [{ title: 'x', materialIds: [1, 1] }, ['materialIds']],
      [{ title: 'x', materialIds: [999999] }, ['materialIds.0']],
      [{ title: 'x', materialIds: ['a'] }, ['materialIds.0']],
    ])('save %j: 4000 on %j', async (body, fields) => {
      const res = await v.call('POST', '/video/collection', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.map((e: { property: string }) => e.property)).toEqual(fields);
    });

    it('refuses to publish an empty collection or a clip that is not ready', async () => {
      const empty = await v.data<{ id: number }>('POST', '/video/collection', { title: '空' });
      expect((await v.call('POST', '/video/publish/collection', { id: empty.id })).statusCode).toBe(409);
      const clip = await v.data<Clip>('POST', '/video/material', {
        title: 'x',
        sourcePath: 'a.mp4',
        start: 0,
        end: 1,
      });
      const early = await v.call('POST', '/video/publish/material', { id: clip.id });
      if (early.statusCode !== 200) expect(early.statusCode).toBe(409);
      await v.settled(clip.id);
      expect((await v.call('POST', '/video/publish/material', { id: 'x' })).statusCode).toBe(400);
      expect((await v.call('DELETE', '/video/collection/999999')).statusCode).toBe(404);
    }, 60_000);
  });

  describe("a worker's lease", () => {
    // Beats come every 2 s of a long cut, so whether a test's clip reaches one is a matter of
    // speed: this asks the repository directly, on both databases (the PostgreSQL pass runs it).
    it('is kept by its heartbeat only while the clip is still the job it took', async () => {
      const clip = await cutClip({ title: '心跳' });
      const repo = createVideoRepo(t.database.db);
      const row = await repo.materials.find(clip.id);
      if (!row) throw new Error('the clip row is missing');
      const soon = Date.now() + 60_000;
      await t.database.db
        .updateTable('video_material')
        .set({ state: 'processing', lease_until: soon })
        .where('id', '=', clip.id)
        .execute();
      expect(await repo.materials.heartbeat(clip.id, row.job_rev, 42, soon + 1)).toBe(true);
      expect(await repo.materials.find(clip.id)).toMatchObject({ progress: 42, lease_until: soon + 1 });
      expect(await repo.materials.heartbeat(clip.id, row.job_rev - 1, 50, soon + 2)).toBe(false);
      await repo.materials.update(clip.id, { state: 'ready' });
      expect(await repo.materials.heartbeat(clip.id, row.job_rev, 60, soon + 3)).toBe(false);
      expect(await repo.materials.find(clip.id)).toMatchObject({ progress: 42, lease_until: soon + 1 });
    }, 60_000);
  });
});

const ownerHeaders = () => ({ 'x-fingerprint': 'test-owner-key' });
const withOwner = async (form: FormData) => {
  const body = await multipart(form);
  return { payload: body.payload, headers: { ...body.headers, ...ownerHeaders() } };
};
