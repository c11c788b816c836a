import type { Language } from '@candy/contract/languages';
import { said, sayIn } from '../../i18n/said.ts';
import type { ImagesService } from './service.ts';

/**
 * `npm run images -- backfill`: first registers the pictures stored before the pipeline (the
 * gallery's, moments', essays'), then makes the copies of every picture still waiting for them, one
 * after another, with a line of progress each. A picture is marked done only once its copies are
 * stored, so a killed run resumes where it stopped. Failed attempts wait for their back-off here
 * too; `retryFailed` first gives given-up pictures another three attempts. The lines are in
 * `language` (the operator's: i18n/operatorLanguage.ts).
 */
export const backfillImages = async (
  images: Pick<
    ImagesService,
    'sweepUnfinished' | 'adoptStored' | 'retryFailed' | 'status' | 'processPending'
  >,
  options: { retryFailed: boolean; print: (line: string) => void; language: Language },
) => {
  const text = (key: string, values?: Record<string, unknown>) => sayIn(options.language, said(key, values));
  const say = (key: string, values?: Record<string, unknown>) => options.print(text(key, values));
  const swept = await images.sweepUnfinished();
  if (swept > 0) say('cli.images.swept', { count: swept });
  const adopted = await images.adoptStored();
  if (adopted.missing > 0)
    say('cli.images.registeredMissing', { count: adopted.registered, missing: adopted.missing });
  else say('cli.images.registered', { count: adopted.registered });
  if (options.retryFailed) say('cli.images.retrying', { count: await images.retryFailed({ start: false }) });
  const { pending } = await images.status();
  say('cli.images.waiting', { count: pending });
  const started = Date.now();
  const done = await images.processPending({
    onProgress: (count, key, outcome) =>
      say('cli.images.progress', {
        done: count,
        total: pending,
        outcome: text(`cli.images.outcome.${outcome}`).padEnd(6),
        key,
      }),
  });
  const after = await images.status();
  const summary = {
    ready: done.ready,
    skip: done.skip,
    failed: done.failed,
    seconds: ((Date.now() - started) / 1000).toFixed(1),
    pending: after.pending,
    given: after.failed,
  };
  if (after.lastError) say('cli.images.doneLastError', { ...summary, error: after.lastError });
  else say('cli.images.done', summary);
  return done;
};
