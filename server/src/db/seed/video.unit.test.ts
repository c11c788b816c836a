import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { probe } from '../../modules/videos/ffmpeg.ts';
import { demoVideoName, writeDemoVideo } from './video.ts';

describe('demo video', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-demo-video-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('makes a 12-second video with sound in an empty (or missing) folder, nothing else', async () => {
    const dir = path.join(root, 'video-sources');
    expect(await writeDemoVideo(dir)).toBe(true);
    expect(fs.readdirSync(dir)).toEqual([demoVideoName]);
    const info = await probe(path.join(dir, demoVideoName));
    expect(info.duration).toBeCloseTo(12, 0);
    expect(info).toMatchObject({ width: 640, height: 360, videoCodec: 'h264' });
    expect(info.audioCodec).toBe('aac');
  });

  it('leaves a folder that already holds something alone', async () => {
    const dir = path.join(root, 'owned');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'mine.mp4'), 'x');
    expect(await writeDemoVideo(dir)).toBe(false);
    expect(fs.readdirSync(dir)).toEqual(['mine.mp4']);
  });

  it('leaves no partial file when stopped midway', async () => {
    const dir = path.join(root, 'stopped');
    const stop = new AbortController();
    const made = writeDemoVideo(dir, stop.signal);
    setTimeout(() => stop.abort(), 50);
    await expect(made).rejects.toThrow();
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
