import fs from 'node:fs/promises';
import path from 'node:path';
import type { SourceEntry } from '@candy/contract/calls/videos';
import type { Language } from '@candy/contract/languages';
import { sheetColumns, sheetTimes } from '@candy/contract/videoSheet';
import { invalidField, notFound } from '../../http/errors.ts';
import { realPathInside, safeRelativePath } from '../../http/safePath.ts';
import { messageOf, said, sayIn } from '../../i18n/said.ts';
import { contactSheet, FfmpegError, frameAt, type ProbeInfo, probe } from './ffmpeg.ts';
import type { VideoRepo } from './repo.ts';

const VIDEO_EXTENSIONS = new Set([
  '.mp4',
  '.m4v',
  '.mov',
  '.mkv',
  '.webm',
  '.avi',
  '.flv',
  '.ts',
  '.mpg',
  '.mpeg',
  '.wmv',
]);

export const isVideoName = (name: string): boolean => VIDEO_EXTENSIONS.has(path.extname(name).toLowerCase());

/**
 * The owner's source folder (VIDEO_SOURCE_DIR): listing with ffprobe data cached by path + mtime +
 * size, and frames for choosing cut points. Every path is confined to the folder, links included.
 */
export const createVideoSources = (deps: { root: string; repo: VideoRepo }) => {
  const rootOrRefuse = async (): Promise<string> => {
    const stat = await fs.stat(deps.root).catch(() => null);
    if (!stat?.isDirectory()) throw notFound(said('error.videos.noSourceDir', { dir: deps.root }));
    return deps.root;
  };

  /** The absolute path of a source path, proved to be inside the folder (4000 on `field` otherwise). */
  const resolve = async (requested: string, field = 'path'): Promise<{ rel: string; abs: string }> => {
    const root = await rootOrRefuse();
    const rel = safeRelativePath(requested, field);
    const abs = await realPathInside(root, rel, field);
    return { rel, abs };
  };

  const probeCached = async (
    rel: string,
    abs: string,
    stat: { mtimeMs: number; size: number },
  ): Promise<ProbeInfo> => {
    const mtime = Math.floor(stat.mtimeMs);
    const cached = await deps.repo.probes.find(rel);
    if (cached && Number(cached.mtime_ms) === mtime && Number(cached.size) === stat.size) {
      return JSON.parse(cached.info) as ProbeInfo;
    }
    const info = await probe(abs);
    await deps.repo.probes.save({ path: rel, mtime_ms: mtime, size: stat.size, info: JSON.stringify(info) });
    return info;
  };

  /** A video file of the folder with its probe data; 4000 on `field` when it is not one. */
  const videoFile = async (requested: string, field = 'path') => {
    const { rel, abs } = await resolve(requested, field);
    const stat = await fs.stat(abs).catch(() => null);
    if (!stat?.isFile() || !isVideoName(abs))
      throw invalidField(field, 'video', said('error.videos.notSource'));
    try {
      return { rel, abs, info: await probeCached(rel, abs, stat) };
    } catch (error) {
      if (error instanceof FfmpegError)
        throw invalidField(field, 'video', said('error.videos.unreadable', { reason: error.said }));
      throw error;
    }
  };

  return {
    resolve,
    videoFile,

    /** `language`: the caller's, for a video ffprobe could not read. */
    async list(requested: string, language: Language): Promise<{ path: string; entries: SourceEntry[] }> {
      const { rel, abs } = await resolve(requested);
      const stat = await fs.stat(abs).catch(() => null);
      if (!stat?.isDirectory()) throw invalidField('path', 'dir', said('error.videos.notDir'));
      const dirents = await fs.readdir(abs, { withFileTypes: true });
      const dirs: SourceEntry[] = [];
      const videos: SourceEntry[] = [];
      for (const dirent of dirents.sort((a, b) => a.name.localeCompare(b.name))) {
        if (dirent.name.startsWith('.')) continue;
        const childRel = rel ? `${rel}/${dirent.name}` : dirent.name;
        // Links are followed only when they stay inside the folder.
        const childAbs = await realPathInside(deps.root, childRel).catch(() => null);
        if (!childAbs) continue;
        const childStat = await fs.stat(childAbs).catch(() => null);
        if (!childStat) continue;
        if (childStat.isDirectory()) {
          dirs.push({ type: 'dir', name: dirent.name, path: childRel });
        } else if (childStat.isFile() && isVideoName(dirent.name)) {
          let info: ProbeInfo | null = null;
          let error: string | null = null;
          try {
            info = await probeCached(childRel, childAbs, childStat);
          } catch (failure) {
            error = sayIn(language, messageOf(failure));
          }
          videos.push({
            type: 'video',
            name: dirent.name,
            path: childRel,
            size: childStat.size,
            modifiedAt: Math.floor(childStat.mtimeMs),
            duration: info?.duration ?? null,
            width: info?.width ?? null,
            height: info?.height ?? null,
            videoCodec: info?.videoCodec ?? null,
            audioCodec: info?.audioCodec ?? null,
            error,
          });
        }
      }
      return { path: rel, entries: [...dirs, ...videos] };
    },

    async screenshots(requested: string, count: number, at: number | undefined) {
      const { abs, info } = await videoFile(requested);
      const duration = info.duration ?? 0;
      if (at !== undefined) {
        if (duration && at > duration) throw invalidField('at', 'too_big', said('error.videos.pastEnd'));
        return { jpeg: await frameAt(abs, at), times: [at], columns: 1 };
      }
      const times = sheetTimes(duration || count, count);
      return { jpeg: await contactSheet(abs, times), times, columns: sheetColumns(count) };
    },
  };
};

export type VideoSources = ReturnType<typeof createVideoSources>;
