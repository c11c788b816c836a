import pino from 'pino';
import type { Db } from '../../db/index.ts';
import type { BlobStorage } from '../../storage/index.ts';
import { createImageRepo } from './repo.ts';
import { createImagesService } from './service.ts';

/**
 * Folders where other modules store pictures they register themselves (anime covers, video frames
 * and thumbnails): ones stored before they did are registered by the backfill.
 */
export const registeredFolders = ['bangumi/', 'videos/'] as const;
const pictureName = /\.(jpe?g|png|webp|gif|avif)$/i;

/**
 * `npm run images -- backfill`: every picture still waiting for its copies, one after another, with
 * a line of progress each. A picture is marked done only once its copies are stored, so a killed run
 * resumes where it stopped. Failed attempts wait for their back-off here too; `retryFailed` first
 * gives up-on pictures another three attempts. Pictures stored in `registeredFolders` before their
 * module registered them are registered first.
 */
export const backfillImages = async (
  deps: { db: Db; storage: BlobStorage; maxPixels: number },
  options: { retryFailed: boolean; print: (line: string) => void },
) => {
  const repo = createImageRepo(deps.db);
  const images = createImagesService({
    repo,
    storage: deps.storage,
    maxPixels: deps.maxPixels,
    now: Date.now,
    logger: pino({ level: 'error' }),
  });
  if (options.retryFailed) options.print(`retrying ${await repo.retryFailed()} failed picture(s)`);
  let registered = 0;
  for (const folder of registeredFolders) {
    const blobs = (await deps.storage.list(folder)).filter((blob) => pictureName.test(blob.key));
    const known = new Set((await repo.byKeys(blobs.map((blob) => blob.key))).map((row) => row.key));
    for (const blob of blobs)
      if (!known.has(blob.key) && (await images.registerStored(blob.key))) registered += 1;
  }
  if (registered > 0) options.print(`registered ${registered} stored picture(s) (covers, video frames)`);
  const { pending } = await images.status();
  options.print(`${pending} picture(s) waiting for their copies`);
  const started = Date.now();
  const done = await images.processPending({
    onProgress: (count, key, outcome) => options.print(`[${count}/${pending}] ${outcome.padEnd(6)} ${key}`),
  });
  const after = await images.status();
  options.print(
    `made ${done.ready}, passed through ${done.skip}, failed ${done.failed} in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
      `${after.pending} waiting for a retry, ${after.failed} given up${after.lastError ? ` (last: ${after.lastError})` : ''}`,
  );
  return done;
};
