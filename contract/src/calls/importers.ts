import * as z from 'zod';
import { type CallDef, defineCall } from '../call.ts';
import { cursorPage } from '../envelope.ts';
import { importersRoutes as routes } from '../routes/importers.ts';
import { IdParams } from './essays.ts';

/**
 * The platforms an export can come from. The back office names each in the reader's language
 * (`admin.import.platform.<name>`).
 */
export const IMPORT_PLATFORMS = [
  'wordpress',
  'ghost',
  'hexo',
  'hugo',
  'jekyll',
  'memos',
  'waline',
  'twikoo',
  'artalk',
  'disqus',
] as const;
export type ImportPlatformName = (typeof IMPORT_PLATFORMS)[number];
export const ImportPlatformName = z.enum(IMPORT_PLATFORMS);

const Flag = z.lazy(() =>
  z
    .enum(['true', 'false', 'on', '1', '0', ''])
    .optional()
    .transform((value) => value === 'true' || value === 'on' || value === '1'),
);

/** Multipart fields of `POST /import/job` beside the file (`file`). */
export const ImportUploadFields = z.object({
  platform: ImportPlatformName,
  /** Fetch pictures the archive does not hold from their old URLs. */
  fetchPictures: Flag,
  /** Replace what an earlier import of the same items made (otherwise those are left alone). */
  overwrite: Flag,
});

export const ImportStatus = z.enum(['previewed', 'queued', 'running', 'done', 'failed']);

export const ImportPreviewItem = z.lazy(() =>
  z.object({
    sourceId: z.string(),
    kind: z.enum(['essay', 'about', 'moment']),
    title: z.string(),
    publishedAt: z.number(),
    hidden: z.boolean(),
    scheduled: z.boolean(),
    comments: z.number().int(),
    pictures: z.number().int(),
  }),
);

export const ImportJob = z.lazy(() =>
  z.object({
    id: z.number().int(),
    platform: ImportPlatformName,
    fileName: z.string(),
    status: ImportStatus,
    options: z.object({ fetchPictures: z.boolean(), overwrite: z.boolean() }),
    preview: z.object({
      counts: z.object({
        essays: z.number().int(),
        about: z.number().int(),
        moments: z.number().int(),
        hidden: z.number().int(),
        scheduled: z.number().int(),
        comments: z.number().int(),
        pictures: z.number().int(),
        oldPaths: z.number().int(),
      }),
      /** The first 10 items, in the export's order. */
      first: z.array(ImportPreviewItem),
      warnings: z.array(z.object({ kind: z.string(), message: z.string(), sourceId: z.string().optional() })),
    }),
    /** Work units (posts, then comments) applied so far. */
    progress: z.object({ done: z.number().int(), total: z.number().int() }),
    report: z.object({
      created: z.number().int(),
      updated: z.number().int(),
      skipped: z.number().int(),
      comments: z.number().int(),
      pictures: z.number().int(),
      redirects: z.number().int(),
      /** Pictures that could not be carried: the content still points at their old address. */
      failedPictures: z.array(z.object({ url: z.string(), sourceId: z.string(), reason: z.string() })),
      /** Comments whose post is not among the imported ones (by its old address or id): not written. */
      unmatched: z.number().int(),
      /** The first of them, with the address they were left on, so the owner can see what is missing. */
      unmatchedComments: z.array(z.object({ sourceId: z.string(), author: z.string(), postUrl: z.string() })),
    }),
    error: z.string().nullable(),
    createdAt: z.number(),
    updatedAt: z.number(),
  }),
);
export type ImportJob = z.infer<typeof ImportJob>;

export const ImportRedirect = z.lazy(() =>
  z.object({
    id: z.number().int(),
    oldPath: z.string(),
    targetPath: z.string(),
    platform: z.string(),
    sourceId: z.string(),
    createdAt: z.number(),
  }),
);
export type ImportRedirect = z.infer<typeof ImportRedirect>;
export const ImportRedirectPage = cursorPage(ImportRedirect);
export type ImportRedirectPage = z.infer<typeof ImportRedirectPage>;

export const importersCalls = {
  importUpload: defineCall(routes.importUpload, () => ({ response: ImportJob })),
  importJobs: defineCall(routes.importJobs, () => ({ response: z.array(ImportJob) })),
  importJob: defineCall(routes.importJob, () => ({ params: IdParams, response: ImportJob })),
  importApply: defineCall(routes.importApply, () => ({ params: IdParams, response: ImportJob })),
  importRedirects: defineCall(routes.importRedirects, () => ({
    query: z.object({
      start: z.coerce.number().int().positive().max(2_147_483_647).optional(),
      keyword: z.string().trim().max(200).optional(),
    }),
    response: ImportRedirectPage,
  })),
} satisfies Record<keyof typeof routes, CallDef>;
