import pino from 'pino';
import type { Db } from '../../db/index.ts';
import type { BlobStorage } from '../../storage/index.ts';
import { createImageRepo } from './repo.ts';
import { createImagesService } from './service.ts';
import { builtVariantsEntry } from './variantsProcess.ts';

/**
 * `npm run images -- backfill`: every picture still waiting for its copies, one after another, with
 * a line of progress each. A picture is marked done only once its copies are stored, so a killed run
 * resumes where it stopped. Failed attempts wait for their back-off here too; `retryFailed` first
 * gives up-on pictures another three attempts.
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
    variantsEntry: builtVariantsEntry(),
  });
  if (options.retryFailed) options.print(`retrying ${await repo.retryFailed()} failed picture(s)`);
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
