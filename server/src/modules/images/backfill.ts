import type { ImagesService } from './service.ts';

/**
 * `npm run images -- backfill`: first registers the pictures stored before the pipeline (the
 * gallery's, moments', essays'), then makes the copies of every picture still waiting for them, one
 * after another, with a line of progress each. A picture is marked done only once its copies are
 * stored, so a killed run resumes where it stopped. Failed attempts wait for their back-off here
 * too; `retryFailed` first gives given-up pictures another three attempts.
 */
export const backfillImages = async (
  images: Pick<
    ImagesService,
    'sweepUnfinished' | 'adoptStored' | 'retryFailed' | 'status' | 'processPending'
  >,
  options: { retryFailed: boolean; print: (line: string) => void },
) => {
  const swept = await images.sweepUnfinished();
  if (swept > 0) options.print(`removed ${swept} half-written cop(ies) of an interrupted run`);
  const adopted = await images.adoptStored();
  options.print(
    `registered ${adopted.registered} picture(s) stored before the pipeline` +
      (adopted.missing > 0 ? ` (${adopted.missing} named but not in storage)` : ''),
  );
  if (options.retryFailed)
    options.print(`retrying ${await images.retryFailed({ start: false })} failed picture(s)`);
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
