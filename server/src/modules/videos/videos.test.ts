import fs from 'node:fs';
import path from 'node:path';
import { ErrorCode } from '@candy/contract';
import { fillPath } from '@candy/contract/call';
import { videosCalls } from '@candy/contract/calls/videos';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testOwnerGuard } from '../../../test/contentFactories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { makeSourceDir, multipart, videoClient } from './testKit.ts';

type Clip = {
  id: number;
  status: string;
  duration: number;
  url: string;
  cover: string;
  [k: string]: unknown;
};

describe('videos', () => {
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

  describe('access', () => {
    it.each(Object.entries(videosCalls).filter(([, call]) => call.access === 'owner'))(
      '%s answers 4010 to a visitor',
      async (_name, call) => {
        const res = await t.server.inject({
          method: call.method,
          url: `/api${fillPath(call.path, { id: 1 })}`,
          ...(call.method === 'GET' || call.method === 'DELETE' ? {} : { payload: {} }),
        });
        expect(res.statusCode).toBe(401);
        expect(res.json().code).toBe(ErrorCode.unauthorized);
      },
    );
  });

  describe('sources', () => {
    it('lists folders first, then videos with their ffprobe data, and leaves links out of the folder', async () => {
      const root = await v.data<{ entries: Record<string, unknown>[] }>('GET', '/video/source');
      expect(root.entries.map((e) => e.name)).toEqual(['trips', 'a.mp4', 'fake.mp4']);
      const a = root.entries.find((e) => e.name === 'a.mp4');
      expect(a).toMatchObject({
        type: 'video',
        width: 320,
        height: 240,
        videoCodec: 'h264',
        audioCodec: 'aac',
      });
      expect(a?.duration).toBeCloseTo(6, 0);
      expect(root.entries.find((e) => e.name === 'fake.mp4')?.error).toBeTruthy();
      const probes = await t.database.db.selectFrom('video_probe').select('path').execute();
      expect(probes.map((p) => p.path)).toContain('a.mp4');
      const trips = await v.data<{ entries: Record<string, unknown>[] }>('GET', '/video/source?path=trips');
      expect(trips.entries).toMatchObject([{ name: 'b.mp4', path: 'trips/b.mp4', width: 256 }]);
    });

    it.each(['../', '..', 'trips/../../etc', '%2e%2e/x', '/etc', 'outside'])(
      'refuses %s with 4000',
      async (p) => {
        const res = await v.call('GET', `/video/source?path=${encodeURIComponent(p)}`);
        expect(res.statusCode).toBe(400);
        expect(res.json().errors[0].property).toBe('path');
      },
    );

    it('says which folder it looked in when the source folder does not exist (4040)', async () => {
      const bare = await createTestApp({ ownerGuard: testOwnerGuard });
      try {
        const res = await videoClient(bare).call('GET', '/video/source');
        expect(res.statusCode).toBe(404);
        expect(res.json().errorMsg).toBe(
          `视频源目录不存在：${path.join(bare.config.dataDir, 'video-sources')}（VIDEO_SOURCE_DIR）`,
        );
      } finally {
        await bare.close();
      }
    });

    it('answers a contact sheet with its frame times, and a single frame', async () => {
      const res = await v.call('GET', '/video/source/screenshots?path=a.mp4&count=6');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');
      expect(String(res.headers['x-frame-times']).split(',')).toHaveLength(6);
      expect(res.headers['x-sheet-columns']).toBe('4');
      const frame = await v.call('GET', '/video/source/screenshots?path=a.mp4&at=2.5');
      expect(frame.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');
    });

    it('streams a source file with ranges to the owner (the key may come as a query)', async () => {
      const res = await t.server.inject({
        method: 'GET',
        url: '/api/video/source/file?path=a.mp4&fingerprint=test-owner-key',
        headers: { range: 'bytes=0-9' },
      });
      expect(res.statusCode).toBe(206);
      expect(res.headers['content-type']).toBe('video/mp4');
      expect(res.rawPayload).toHaveLength(10);
      const bad = await v.call('GET', '/video/source/file?path=..%2Fa.mp4');
      expect(bad.statusCode).toBe(400);
    });

    it.each([
      ['path=../a.mp4', 'path'],
      ['path=a.mp4&count=0', 'count'],
      ['path=a.mp4&at=-1', 'at'],
      ['path=a.mp4&at=60', 'at'],
      ['path=fake.mp4', 'path'],
    ])('screenshots with %s: 4000 on %s', async (query, field) => {
      const res = await v.call('GET', `/video/source/screenshots?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.map((e: { property: string }) => e.property)).toEqual([field]);
    });
  });

  describe('clips', () => {
    it('cuts a clip in the background, measures it and serves it with ranges to the owner only', async () => {
      const clip = await cutClip();
      expect(clip.status).toBe('ready');
      expect(clip.duration).toBeGreaterThan(2.8);
      expect(clip.duration).toBeLessThan(3.2);
      expect(clip).toMatchObject({ width: 320, height: 240, start: 1, end: 4, progress: 100 });
      const visitor = await t.server.inject({ method: 'GET', url: clip.url });
      expect(visitor.statusCode).toBe(404);
      const ranged = await t.server.inject({
        method: 'GET',
        url: clip.url,
        headers: { ...ownerHeaders(), range: 'bytes=0-99' },
      });
      expect(ranged.statusCode).toBe(206);
      expect(ranged.headers['content-range']).toMatch(/^bytes 0-99\/\d+$/);
      expect(ranged.rawPayload).toHaveLength(100);
      expect(ranged.headers['cache-control']).toBe('private, no-store');
    }, 60_000);

    it('publishes a ready clip: public embed data, immutable media, poster', async () => {
      const clip = await cutClip();
      expect(
        (await t.server.inject({ method: 'GET', url: `/api/video/public/material/${clip.id}` })).statusCode,
      ).toBe(404);
      const published = await v.data<Clip>('POST', '/video/publish/material', { id: clip.id });
      expect(published.status).toBe('published');
      const pub = await t.server.inject({ method: 'GET', url: `/api/video/public/material/${clip.id}` });
      expect(pub.json().data).toMatchObject({ id: clip.id, url: clip.url, poster: clip.cover });
      const media = await t.server.inject({ method: 'GET', url: clip.url, headers: { range: 'bytes=10-' } });
      expect(media.statusCode).toBe(206);
      expect(media.headers['cache-control']).toContain('immutable');
      const poster = await t.server.inject({ method: 'GET', url: clip.cover });
      expect(poster.headers['content-type']).toBe('image/jpeg');
      const unsatisfiable = await t.server.inject({
        method: 'GET',
        url: clip.url,
        headers: { range: 'bytes=99999999-' },
      });
      expect(unsatisfiable.statusCode).toBe(416);
    }, 60_000);

    it('gives a clip’s cover frame resized copies (issue 30), answered to the owner and to visitors', async () => {
      // A frame no other test's clip has: same bytes would share their copies' folder.
      const clip = await cutClip({ start: 0.5, end: 3.5, coverAt: 2.25 });
      await v.data<Clip>('POST', '/video/publish/material', { id: clip.id });
      type Pictured = { pictures: Record<string, { width: number; base: string | null; widths: number[] }> };
      // The frame is registered once the clip is saved, its copies made by the image-variants job.
      let owned: (Clip & Pictured) | undefined;
      for (let tries = 0; tries < 300 && !owned?.pictures[clip.cover]?.base; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        owned = (await v.data<(Clip & Pictured)[]>('GET', '/video/material')).find((m) => m.id === clip.id);
      }
      await t.modules.scheduler.idle();
      // The frame is the clip's size, 320×240: one copy, at its own width.
      expect(owned?.pictures[clip.cover]).toMatchObject({ width: 320, height: 240, widths: [320] });
      const pub = (
        await t.server.inject({ method: 'GET', url: `/api/video/public/material/${clip.id}` })
      ).json().data as { poster: string } & Pictured;
      const info = pub.pictures[pub.poster];
      expect(info?.base).toMatch(/^\/files\/images\/v\/[0-9a-f]{16}\/$/);
      const copy = await t.server.inject({ method: 'GET', url: `${info?.base}320.webp` });
      expect(copy.statusCode).toBe(200);
      expect(copy.headers['content-type']).toBe('image/webp');

      // The clip gone, its cover's copies go too.
      await v.data('DELETE', `/video/material/${clip.id}`);
      expect((await t.server.inject({ method: 'GET', url: `${info?.base}320.webp` })).statusCode).toBe(404);
    }, 60_000);

    it.each([
      [{ title: '', sourcePath: 'a.mp4', start: 0, end: 1 }, ['title']],
      [{ title: 'x', sourcePath: 'a.mp4', start: 3, end: 2 }, ['end']],
      [{ title: 'x', sourcePath: 'a.mp4', start: 0, end: 60 }, ['end']],
      [{ title: 'x', sourcePath: '../a.mp4', start: 0, end: 1 }, ['sourcePath']],
      [{ title: 'x', sourcePath: 'outside/x.mp4', start: 0, end: 1 }, ['sourcePath']],
      [{ title: 'x', sourcePath: 'a.mp4', start: -1, end: 1, tags: 'a' }, ['start', 'tags']],
    ])('create %j: 4000 on %j', async (body, fields) => {
      const res = await v.call('POST', '/video/material', body);
      expect(res.statusCode).toBe(400);
      expect(
        res
          .json()
          .errors.map((e: { property: string }) => e.property)
          .sort(),
      ).toEqual(fields);
    });

    it('pages, filters and updates; a new range processes again', async () => {
      const clip = await cutClip({ title: '海边', tags: ['旅行'] });
      const page = await v.data<{ list: Clip[]; total: number }>('POST', '/video/material/page', {
        page: 1,
        size: 5,
        filters: { tag: '旅行' },
      });
      expect(page.list.map((c) => c.id)).toEqual([clip.id]);
      const byWord = await v.data<Clip[]>('GET', '/video/material?keyword=海');
      expect(byWord.map((c) => c.id)).toEqual([clip.id]);
      const changed = await v.data<Clip>('PUT', `/video/material/${clip.id}`, { start: 0, end: 2 });
      expect(['draft', 'processing']).toContain(changed.status);
      const again = (await v.settled(clip.id)) as Clip;
      expect(again.duration).toBeCloseTo(2, 0);
      expect(again.url).not.toBe(clip.url);
      expect(
        (await t.server.inject({ method: 'GET', url: clip.url, headers: ownerHeaders() })).statusCode,
      ).toBe(404);
      const bad = await v.call('PUT', `/video/material/${clip.id}`, { title: '', end: 'x' });
      expect(
        bad
          .json()
          .errors.map((e: { property: string }) => e.property)
          .sort(),
      ).toEqual(['end', 'title']);
    }, 60_000);

    it('reuploads from another source keeping id and metadata', async () => {
      const clip = await cutClip({ title: '保留' });
      await v.data('POST', '/video/reupload', { id: clip.id, sourcePath: 'trips/b.mp4' });
      const done = (await v.settled(clip.id)) as Clip;
      expect(done).toMatchObject({ id: clip.id, title: '保留', sourcePath: 'trips/b.mp4', width: 256 });
      expect(done.duration).toBeCloseTo(4, 0);
      const bad = await v.call('POST', '/video/reupload', { id: clip.id, sourcePath: '../../x.mp4' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].property).toBe('sourcePath');
    }, 60_000);

    it('marks a clip whose source vanished as failed', async () => {
      fs.copyFileSync(path.join(sourceDir, 'a.mp4'), path.join(sourceDir, 'gone.mp4'));
      const clip = await v.data<Clip>('POST', '/video/material', {
        title: 'x',
        sourcePath: 'gone.mp4',
        start: 0,
        end: 1,
      });
      fs.rmSync(path.join(sourceDir, 'gone.mp4'));
      const done = await v.settled(clip.id);
      expect(done.status).toBe('failed');
      expect(done.error).toBeTruthy();
    }, 60_000);

    it('resumes a clip whose worker died (its lease ran out)', async () => {
      const clip = await v.data<Clip>('POST', '/video/material', {
        title: '断电',
        sourcePath: 'a.mp4',
        start: 0,
        end: 1,
      });
      await v.settled(clip.id);
      await t.database.db
        .updateTable('video_material')
        .set({ state: 'processing', progress: 40, lease_until: Date.now() - 1, media_key: null })
        .where('id', '=', clip.id)
        .execute();
      const done = await v.settled(clip.id);
      expect(done.status).toBe('ready');
    }, 60_000);
  });
});

const ownerHeaders = () => ({ 'x-fingerprint': 'test-owner-key' });
const _withOwner = async (form: FormData) => {
  const body = await multipart(form);
  return { payload: body.payload, headers: { ...body.headers, ...ownerHeaders() } };
};
