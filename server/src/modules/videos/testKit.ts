import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asOwner } from '../../../test/contentFactories.ts';
import type { TestApp } from '../../../test/harness.ts';

/** A short test video from ffmpeg's test sources: H.264 + AAC, a keyframe every second. */
export const makeTestVideo = (file: string, seconds: number, size = '320x240'): void => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${size}:rate=25:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-g',
    '25',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    file,
  ]);
};

/** A source folder with two test videos, a subfolder, a text file posing as a video and a link out. */
export const makeSourceDir = (): string => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-videos-'));
  makeTestVideo(path.join(dir, 'a.mp4'), 6);
  makeTestVideo(path.join(dir, 'trips', 'b.mp4'), 4, '256x144');
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
