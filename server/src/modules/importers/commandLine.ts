import fs from 'node:fs';
import path from 'node:path';
import type { ImportJob } from '@candy/contract/calls/importers';
import { ImportPlatformName } from '@candy/contract/calls/importers';
import { AppError } from '../../http/errors.ts';
import type { Scheduler } from '../../jobs/scheduler.ts';
import type { ImportService } from './service.ts';

export interface ImportFromArgs {
  platform: string;
  file: string;
  dryRun: boolean;
  fetchPictures: boolean;
  overwrite: boolean;
}

export const USAGE =
  'usage: npm run import-from -- <wordpress> FILE [--dry-run] [--fetch-pictures] [--overwrite]';

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

const previewLines = (preview: ImportJob['preview']): string[] => {
  const c = preview.counts;
  return [
    `essays ${c.essays}, about page ${c.about}, moments ${c.moments} (hidden ${c.hidden}, scheduled ${c.scheduled})`,
    `comments ${c.comments}, pictures ${c.pictures}, old addresses ${c.oldPaths}`,
    ...preview.first.map(
      (item) => `  ${new Date(item.publishedAt).toISOString().slice(0, 10)}  ${item.title}`,
    ),
    ...preview.warnings.map((w) => `warning: ${w.message}`),
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
    /** The runner's word after each committed batch (`importers.onProgress`). */
    onProgress: (listener: (jobId: number, done: number, total: number) => void) => () => void;
  },
): Promise<ImportJob | null> => {
  const platform = ImportPlatformName.safeParse(args.platform);
  if (!platform.success) throw new Error(`unknown platform "${args.platform}"`);
  const bytes = fs.readFileSync(args.file);
  const options = { fetchPictures: args.fetchPictures, overwrite: args.overwrite };
  try {
    if (args.dryRun) {
      for (const line of previewLines(await deps.imports.preview(platform.data, bytes))) deps.print(line);
      deps.print('dry run: nothing written');
      return null;
    }
    const job = await deps.imports.create(platform.data, path.basename(args.file), bytes, options);
    for (const line of previewLines(job.preview)) deps.print(line);
    await deps.imports.queue(job.id);
    // An import interrupted earlier (a crash, a kill) is older, so it is finished first; then this one.
    const stopListening = deps.onProgress((jobId, done, total) =>
      deps.print(
        jobId === job.id ? `${done}/${total}` : `import #${jobId}, interrupted before: ${done}/${total}`,
      ),
    );
    let waitingSaid = false;
    try {
      for (;;) {
        const took = await deps.scheduler.runNow('import-batches', 'change');
        await deps.scheduler.idle();
        const state = await deps.imports.get(job.id);
        if (!took && !waitingSaid && state.status !== 'done' && state.status !== 'failed') {
          // The server runs it, or a killed run still holds the job's lease: that runs out within a minute.
          deps.print(
            'waiting for the import job: another process holds it (a stopped one lets go within a minute)',
          );
          waitingSaid = true;
        }
        if (state.status === 'done' || state.status === 'failed') {
          const r = state.report;
          deps.print(
            state.status === 'failed'
              ? `import failed: ${state.error}`
              : `created ${r.created}, updated ${r.updated}, left alone ${r.skipped}, comments ${r.comments}, pictures ${r.pictures}, redirects ${r.redirects}`,
          );
          for (const f of r.failedPictures) deps.print(`picture not carried: ${f.url} (${f.reason})`);
          if (r.unmatched > 0) deps.print(`${r.unmatched} comment(s) found no imported post, not written:`);
          for (const c of r.unmatchedComments)
            deps.print(`  comment ${c.sourceId} by ${c.author} on ${c.postUrl}`);
          return state;
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    } finally {
      stopListening();
    }
  } catch (error) {
    // The parser's reason, as the back office shows it.
    if (error instanceof AppError) throw new Error(error.message);
    throw error;
  }
};
