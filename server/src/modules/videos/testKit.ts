import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asOwner } from '../../../test/contentFactories.ts';
import type { TestApp } from '../../../test/harness.ts';
import { makeTestPattern } from './ffmpeg.ts';

/** A short test video (H.264 + AAC, a keyframe every second) in a folder that may not exist yet. */
const makeTestVideo = async (file: string, seconds: number, size = '320x240'): Promise<void> => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await makeTestPattern(file, { seconds, size });
};

/** A source folder with two test videos, a subfolder, a text file posing as a video and a link out. */
export const makeSourceDir = async (): Promise<string> => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-videos-'));
  await makeTestVideo(path.join(dir, 'a.mp4'), 6);
  await makeTestVideo(path.join(dir, 'trips', 'b.mp4'), 4, '256x144');
  fs.writeFileSync(path.join(dir, 'fake.mp4'), 'not a video at all\n');
  fs.symlinkSync(os.tmpdir(), path.join(dir, 'outside'));
  return dir;
};

/** A multipart body as a browser would send it. */
export const multipart = async (form: FormData) => {
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
};

export const videoClient = (t: TestApp) => {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, owner = true) =>
    t.server.inject({
      method,
      url: `/api${url}`,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      headers: owner ? asOwner : {},
    });
  return {
    call,
    data: async <T = Record<string, unknown>>(
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      payload?: unknown,
    ): Promise<T> => {
      const res = await call(method, url, payload);
      if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return (res.json() as { data: T }).data;
    },
    /** Waits (polling the list) until the clip leaves the queue; processing takes real seconds. */
    async settled(id: number): Promise<Record<string, unknown>> {
      for (let i = 0; i < 600; i += 1) {
        const res = await call('GET', '/video/material');
        const clip = (res.json().data as Record<string, unknown>[]).find((m) => m.id === id);
        if (clip && clip.status !== 'draft' && clip.status !== 'processing') return clip;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`clip ${id} never settled`);
    },
  };
};
