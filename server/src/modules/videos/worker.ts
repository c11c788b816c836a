import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Language } from '@candy/contract/languages';
import type { PictureMap } from '@candy/contract/picture';
import type { Logger } from 'pino';
import { randomName } from '../../http/multipart.ts';
import { messageOf, said, sayIn } from '../../i18n/said.ts';
import type { Notify } from '../../notify.ts';
import type { BlobStorage } from '../../storage/index.ts';
import { cut, FfmpegError, frameAt, keyframeAt, probe } from './ffmpeg.ts';
import type { MaterialRow, VideoRepo } from './repo.ts';
import type { VideoSources } from './sources.ts';

/** A worker that stops renewing its lease (a killed process) loses the clip after this long. */
export const LEASE_MS = 15_000;
const HEARTBEAT_MS = 2_000;
const POLL_MS = 1_000;

/** What clips ask of the image pipeline (issue 30): their covers get resized copies like any picture. */
export interface VideoImages {
  registerStored(key: string): Promise<boolean>;
  forget(key: string): Promise<void>;
  picturesByKey(keys: ReadonlyMap<string, string>): Promise<PictureMap>;
}

/** The processing fields of a clip that has just joined the queue. */
export const queuedBlank = (at: number) => ({
  state: 'draft' as const,
  queued_at: at,
  lease_until: null,
  error: null,
  duration_ms: null,
  width: null,
  height: null,
  size: null,
  media_key: null,
});

export interface VideoWorkerDeps {
  repo: VideoRepo;
  sources: VideoSources;
  storage: BlobStorage;
  logger: Logger;
  /** How many clips at once. */
  concurrency: number;
  /** Scratch space for inputs fetched from storage and ffmpeg's output. */
  tmpDir: string;
  /** Told after a clip's media changed (public caches). */
  onChange: (id: number) => void;
  /** The owner hears about clips that failed. */
  notify: Notify;
  /** The site's language (SITE_LANGUAGE): a failed clip's reason is kept in it. */
  language: Language;
  images?: VideoImages;
}

/** A cover that came with an upload is kept until the owner picks a frame instead. */
export const isUploadedThumbnail = (key: string | null): boolean => key?.includes('/thumb-') ?? false;

class Stale extends Error {}

/**
 * The processing queue's consumer: the clip table is the queue (state `draft` waits), leases make a
 * killed worker's clip free again, and every result is written only if the clip was not changed
 * meanwhile (`job_rev`). Wall-clock time is used for leases, whatever clock the app runs on.
 */
export const createVideoWorker = (deps: VideoWorkerDeps) => {
  const running = new Map<number, { abort: AbortController; done: Promise<void> }>();
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let filling = false;

  const inputOf = async (row: MaterialRow, scratch: string[]): Promise<string> => {
    if (row.source_path !== null) return (await deps.sources.videoFile(row.source_path, 'sourcePath')).abs;
    if (!row.upload_key) throw new FfmpegError(said('videos.noSource'));
    const body = await deps.storage.get(row.upload_key);
    if (!body) throw new FfmpegError(said('videos.uploadGone'));
    const file = path.join(deps.tmpDir, `in-${row.id}-${randomName()}${path.extname(row.upload_key)}`);
    scratch.push(file);
    await pipeline(body, fs.createWriteStream(file));
    return file;
  };

  const processClip = async (row: MaterialRow, abort: AbortController): Promise<void> => {
    const rev = row.job_rev;
    const scratch: string[] = [];
    const stored: string[] = [];
    let progress = 0;
    const beat = setInterval(() => {
      deps.repo.materials
        .heartbeat(row.id, rev, progress, Date.now() + LEASE_MS)
        .then((alive) => {
          if (!alive) abort.abort(new Stale());
        })
        .catch((error: unknown) => deps.logger.warn({ err: error, id: row.id }, 'video heartbeat failed'));
    }, HEARTBEAT_MS);
    try {
      await fsp.mkdir(deps.tmpDir, { recursive: true });
      const input = await inputOf(row, scratch);
      const source = await probe(input);
      const duration = source.duration ?? 0;
      const start = row.start_ms / 1000;
      if (duration && start >= duration) throw new FfmpegError(said('error.videos.startPastEnd'));
      const end = row.end_ms === null ? null : Math.min(row.end_ms / 1000, duration || row.end_ms / 1000);
      const length = (end ?? duration) - start;
      const copy =
        source.videoCodec === 'h264' &&
        (source.audioCodec === null || source.audioCodec === 'aac') &&
        (await keyframeAt(input, start));
      const output = path.join(deps.tmpDir, `out-${row.id}-${randomName()}.mp4`);
      scratch.push(output);
      await cut({
        input,
        output,
        start,
        end,
        copy,
        signal: abort.signal,
        onProgress: (seconds) => {
          progress = length > 0 ? Math.min(99, Math.floor((seconds / length) * 100)) : 0;
        },
      });
      const made = await probe(output);
      const madeDuration = made.duration ?? length;
      const { size } = await fsp.stat(output);
      const rand = randomName();
      const mediaKey = `videos/${row.id}/${rand}.mp4`;
      await deps.storage.put(mediaKey, fs.createReadStream(output), { contentType: 'video/mp4' });
      stored.push(mediaKey);
      let coverKey = row.cover_key;
      if (row.cover_at_ms !== null || !isUploadedThumbnail(row.cover_key)) {
        const at =
          row.cover_at_ms !== null ? Math.min(row.cover_at_ms / 1000, madeDuration) : madeDuration / 2;
        const jpeg = await frameAt(output, Math.max(0, Math.min(at, madeDuration - 0.05)));
        coverKey = `videos/${row.id}/${rand}.jpg`;
        await deps.storage.put(coverKey, Readable.from([jpeg]), { contentType: 'image/jpeg' });
        stored.push(coverKey);
      }
      const saved = await deps.repo.materials.finish(row.id, rev, {
        state: 'ready',
        progress: 100,
        error: null,
        lease_until: null,
        duration_ms: Math.round(madeDuration * 1000),
        width: made.width,
        height: made.height,
        size,
        end_ms: row.end_ms ?? Math.round((start + madeDuration) * 1000),
        media_key: mediaKey,
        cover_key: coverKey,
      });
      if (!saved) throw new Stale();
      stored.length = 0;
      // A new frame: its copies are made by the image pipeline, off this work.
      if (coverKey && coverKey !== row.cover_key) await deps.images?.registerStored(coverKey);
      // The old media go once the new are in place: a published clip plays on meanwhile.
      for (const old of [row.media_key, row.cover_key]) {
        if (old && old !== mediaKey && old !== coverKey) {
          await deps.storage.delete(old).catch(() => undefined);
          // The clip is saved: a copy left behind is only wasted space, never a failed clip.
          if (old === row.cover_key)
            await deps.images
              ?.forget(old)
              .catch((error: unknown) => deps.logger.warn({ err: error, key: old }, 'old cover copies kept'));
        }
      }
      deps.onChange(row.id);
    } catch (error) {
      await Promise.all(stored.map((key) => deps.storage.delete(key).catch(() => undefined)));
      const reason = abort.signal.reason as unknown;
      if (reason instanceof Stale || error instanceof Stale) return;
      if (stopped) {
        // Shutting down: put it back in the queue for the next start.
        await deps.repo.materials
          .finish(row.id, rev, { state: 'draft', progress: 0, lease_until: null })
          .catch(() => undefined);
        return;
      }
      const message = sayIn(deps.language, messageOf(error));
      deps.logger.warn({ id: row.id, err: error }, 'video processing failed');
      await deps.repo.materials.finish(row.id, rev, {
        state: 'failed',
        error: message.slice(0, 500),
        lease_until: null,
        progress: 0,
      });
      deps.onChange(row.id);
      await deps.notify({
        kind: 'job-failure',
        title: said('videos.failed'),
        body: said('videos.failedBody', { title: row.title, reason: message.slice(0, 200) }),
        url: '/great-old-one/ryona/material',
        level: 'error',
      });
    } finally {
      clearInterval(beat);
      await Promise.all(scratch.map((file) => fsp.rm(file, { force: true })));
    }
  };

  /** Starts clips until the concurrency is used up or the queue is empty. */
  const fill = async (): Promise<void> => {
    if (filling || stopped) return;
    filling = true;
    try {
      while (!stopped && running.size < deps.concurrency) {
        const row = await deps.repo.materials.claim(Date.now(), LEASE_MS);
        if (!row || stopped) break;
        const abort = new AbortController();
        const done = processClip(row, abort)
          .catch((error: unknown) => deps.logger.error({ err: error, id: row.id }, 'video worker error'))
          .finally(() => {
            running.delete(row.id);
            void fill();
          });
        running.set(row.id, { abort, done });
      }
    } catch (error) {
      if (!stopped) deps.logger.warn({ err: error }, 'video queue poll failed');
    } finally {
      filling = false;
    }
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      void fill().finally(schedule);
    }, POLL_MS);
    timer.unref();
  };

  return {
    start() {
      stopped = false;
      schedule();
      void fill();
    },
    /** Looks at the queue now (after a clip was queued). */
    kick() {
      void fill();
    },
    /** Whether a clip is being processed by this worker right now. */
    busy: (id: number) => running.has(id),
    /** Stops taking work and puts the clips in hand back into the queue. */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      for (const job of running.values()) job.abort.abort();
      await Promise.all([...running.values()].map((job) => job.done));
    },
  };
};

export type VideoWorker = ReturnType<typeof createVideoWorker>;
