import type { ImportJob, ImportPlatformName, ImportRedirect } from '@candy/contract/calls/importers';
import type { Language } from '@candy/contract/languages';
import { sayIn } from '../../i18n/said.ts';
import { bundleFromJson } from './bundleJson.ts';
import { lossWarnings } from './lossWarnings.ts';
import type { ImportJobRow, ImportRedirectRow } from './repo.ts';
import type { ImportOptions, ImportReport } from './report.ts';
import type { ImportBundle, ImportWarning } from './types.ts';

/** A preview as it is kept: its warnings keyed, said in the reader's language when answered. */
export type KeptPreview = Omit<ImportJob['preview'], 'warnings'> & { warnings: ImportWarning[] };

/** Counts, the first 10 items and the warnings: what the owner sees before anything is written. */
export const previewOf = (bundle: ImportBundle): KeptPreview => {
  const commentsPer = new Map<string, number>();
  for (const c of bundle.comments) {
    if (c.postSourceId) commentsPer.set(c.postSourceId, (commentsPer.get(c.postSourceId) ?? 0) + 1);
  }
  const count = (test: (p: ImportBundle['posts'][number]) => boolean) => bundle.posts.filter(test).length;
  return {
    counts: {
      essays: count((p) => p.kind === 'essay'),
      about: count((p) => p.kind === 'about'),
      moments: count((p) => p.kind === 'moment'),
      hidden: count((p) => p.hidden),
      scheduled: count((p) => p.scheduled),
      comments: bundle.comments.length,
      pictures: bundle.posts.reduce((sum, p) => sum + p.pictures.length, 0),
      oldPaths: bundle.posts.reduce((sum, p) => sum + p.oldPaths.length, 0),
    },
    first: bundle.posts.slice(0, 10).map((p) => ({
      sourceId: p.sourceId,
      kind: p.kind,
      title: p.title || p.content.slice(0, 40),
      publishedAt: p.publishedAt,
      hidden: p.hidden,
      scheduled: p.scheduled,
      comments: commentsPer.get(p.sourceId) ?? 0,
      pictures: p.pictures.length,
    })),
    // The losses that concern the whole import first: the per-item ones may be many.
    warnings: [...lossWarnings(bundle), ...bundle.warnings].slice(0, 200),
  };
};

/** The warnings in `language` (one kept before issue 44 has only its Chinese). */
export const presentPreview = (preview: KeptPreview, language: Language): ImportJob['preview'] => ({
  ...preview,
  warnings: preview.warnings.map(({ kind, message, said, sourceId }) => ({
    kind,
    message: said === undefined ? message : sayIn(language, said),
    ...(sourceId === undefined ? {} : { sourceId }),
  })),
});

export const presentJob = (row: ImportJobRow, preview: KeptPreview, language: Language): ImportJob => {
  const report = JSON.parse(row.report) as ImportReport;
  return {
    id: row.id,
    platform: row.platform as ImportPlatformName,
    fileName: row.file_name,
    status: row.status,
    options: JSON.parse(row.options) as ImportOptions,
    preview: presentPreview(preview, language),
    progress: { done: row.cursor, total: row.total },
    report: {
      created: report.created,
      updated: report.updated,
      skipped: report.skipped,
      comments: report.comments,
      pictures: report.pictures,
      redirects: report.redirects,
      failedPictures: report.failedPictures.slice(0, 500),
      unmatched: report.unmatched ?? 0,
      unmatchedComments: report.unmatchedComments ?? [],
    },
    error: row.error,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
};

/** Previews are computed once per import and kept in memory (the bundle does not change). */
export const previewCache = () => {
  const cache = new Map<number, KeptPreview>();
  return (row: ImportJobRow): KeptPreview => {
    let preview = cache.get(row.id);
    if (!preview) {
      preview = previewOf(bundleFromJson(row.bundle));
      cache.set(row.id, preview);
    }
    return preview;
  };
};

export const presentRedirect = (row: ImportRedirectRow): ImportRedirect => ({
  id: row.id,
  oldPath: row.old_path,
  targetPath: row.target_path,
  platform: row.platform,
  sourceId: row.source_id,
  createdAt: Number(row.created_at),
});
