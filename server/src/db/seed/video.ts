import fs from 'node:fs/promises';
import path from 'node:path';
import { makeTestPattern } from '../../modules/videos/ffmpeg.ts';

export const demoVideoName = 'demo-test-pattern.mp4';

/**
 * Puts a 12-second test-pattern video into an empty source folder, so a fresh install has something
 * to cut its first clip from (back office → 添加素材). Made beside it under a hidden name and then
 * renamed: the folder never lists a half-written file. Answers whether it made one; a folder that
 * already holds anything is left alone. Needs ffmpeg (a FfmpegError or ENOENT otherwise).
 */
export const writeDemoVideo = async (dir: string, signal?: AbortSignal): Promise<boolean> => {
  await fs.mkdir(dir, { recursive: true });
  if ((await fs.readdir(dir)).length > 0) return false;
  const partial = path.join(dir, `.${demoVideoName}.part`);
  try {
    await makeTestPattern(partial, { seconds: 12, signal });
    await fs.rename(partial, path.join(dir, demoVideoName));
  } finally {
    await fs.rm(partial, { force: true });
  }
  return true;
};
