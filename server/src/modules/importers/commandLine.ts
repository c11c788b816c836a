import fs from 'node:fs';
import path from 'node:path';
import type { ImportJob } from '@candy/contract/calls/importers';
import { ImportPlatformName } from '@candy/contract/calls/importers';
import type { Language } from '@candy/contract/languages';
import { AppError } from '../../http/errors.ts';
import { SaidError, said, sayIn } from '../../i18n/said.ts';
import type { Scheduler } from '../../jobs/scheduler.ts';
import type { ImportService } from './service.ts';

export interface ImportFromArgs {
  platform: string;
  file: string;
  dryRun: boolean;
  fetchPictures: boolean;
  overwrite: boolean;
}

export const USAGE = said('cli.importFrom.usage');

/** `import-from wordpress FILE --dry-run` → its parts, or null when they do not make a command. */
export const parseImportArgs = (args: readonly string[]): ImportFromArgs | null => {
  const flags = new Set(args.filter((arg) => arg.startsWith('--')));
  const [platform, file, ...extra] = args.filter((arg) => !arg.startsWith('--'));
  const known = ['--dry-run', '--fetch-pictures', '--overwrite'];
  if (!platform || !file || extra.length > 0 || [...flags].some((flag) => !known.includes(flag))) return null;
  return {
    platform,
    file,
    dryRun: flags.has('--dry-run'),
    fetchPictures: flags.has('--fetch-pictures'),
    overwrite: flags.has('--overwrite'),
  };
};

/** The preview's lines in `language` (its warnings come presented in it already). */
const previewLines = (preview: ImportJob['preview'], language: Language): string[] => {
  const c = preview.counts;
  return [
    sayIn(language, said('cli.importFrom.counts', { ...c })),
    sayIn(language, said('cli.importFrom.moreCounts', { ...c })),
    ...preview.first.map(
      (item) => `  ${new Date(item.publishedAt).toISOString().slice(0, 10)}  ${item.title}`,
    ),
    ...preview.warnings.map((w) => sayIn(language, said('cli.importFrom.warning', { message: w.message }))),
  ];
};

/**
 * The CLI's import (`npm run import-from`): the same pipeline as the back office — parse, preview,
 * then the `import-batches` job under its lease (a running server never works on it at the same time).
 */
export const importFromFile = async (
  args: ImportFromArgs,
  deps: {
    imports: ImportService;
    scheduler: Scheduler;
    print: (line: string) => void;
    /** The operator's language (i18n/operatorLanguage.ts): the lines, the preview's warnings, a refusal. */
    language: Language;
    /** The runner's word after each committed batch (`importers.onProgress`). */
    onProgress: (listener: (jobId: number, done: number, total: number) => void) => () => void;
  },
): Promise<ImportJob | null> => {
  const { language } = deps;
  const say = (key: string, values?: Record<string, unknown>) =>
    deps.print(sayIn(language, said(key, values)));
  const platform = ImportPlatformName.safeParse(args.platform);
  if (!platform.success)
    throw new SaidError(said('cli.importFrom.unknownPlatform', { platform: args.platform }));
  const bytes = fs.readFileSync(args.file);
  const options = { fetchPictures: args.fetchPictures, overwrite: args.overwrite };
  try {
    if (args.dryRun) {
      const preview = await deps.imports.preview(platform.data, bytes, language);
      for (const line of previewLines(preview, language)) deps.print(line);
      say('cli.importFrom.dryRun');
      return null;
    }
    const job = await deps.imports.create(platform.data, path.basename(args.file), bytes, options, language);
    for (const line of previewLines(job.preview, language)) deps.print(line);
    await deps.imports.queue(job.id);
    // An import interrupted earlier (a crash, a kill) is older, so it is finished first; then this one.
    const stopListening = deps.onProgress((jobId, done, total) =>
      jobId === job.id
        ? deps.print(`${done}/${total}`)
        : say('cli.importFrom.interrupted', { id: jobId, done, total }),
    );
    let waitingSaid = false;
    try {
      for (;;) {
        const took = await deps.scheduler.runNow('import-batches', 'change');
        await deps.scheduler.idle();
        const state = await deps.imports.get(job.id, language);
        if (!took && !waitingSaid && state.status !== 'done' && state.status !== 'failed') {
          // The server runs it, or a killed run still holds the job's lease: that runs out within a minute.
          say('cli.importFrom.waiting');
          waitingSaid = true;
        }
        if (state.status === 'done' || state.status === 'failed') {
          const r = state.report;
          if (state.status === 'failed') say('cli.importFrom.failed', { error: state.error });
          else
            say('cli.importFrom.report', {
              created: r.created,
              updated: r.updated,
              skipped: r.skipped,
              comments: r.comments,
              pictures: r.pictures,
              redirects: r.redirects,
            });
          for (const f of r.failedPictures)
            say('cli.importFrom.pictureNotCarried', { url: f.url, reason: f.reason });
          if (r.unmatched > 0) say('cli.importFrom.unmatched', { count: r.unmatched });
          for (const c of r.unmatchedComments)
            say('cli.importFrom.unmatchedComment', { id: c.sourceId, author: c.author, url: c.postUrl });
          return state;
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    } finally {
      stopListening();
    }
  } catch (error) {
    // The parser's reason, as the back office shows it (in the operator's language).
    if (error instanceof AppError) throw new Error(sayIn(language, error.said));
    throw error;
  }
};
