import { type ImportJob, type ImportRedirectPage, ImportUploadFields } from '@candy/contract/calls/importers';
import type { Language } from '@candy/contract/languages';
import type { FastifyRequest } from 'fastify';
import { conflict, notFound } from '../../http/errors.ts';
import { randomName, readMultipart } from '../../http/multipart.ts';
import { callerLanguage } from '../../http/pageLanguage.ts';
import { AnyType } from '../../http/uploads.ts';
import { said } from '../../i18n/said.ts';
import type { BlobStorage } from '../../storage/index.ts';
import { normaliseOldPath } from './oldPaths.ts';
import { type ParsedUpload, parseToStored } from './parsed.ts';
import { parseFile } from './parseProcess.ts';
import { presentJob, presentPreview, presentRedirect, previewCache } from './present.ts';
import type { ImportRepo } from './repo.ts';
import { emptyReport, type ImportOptions } from './report.ts';
import type { ImportPlatform } from './types.ts';

export interface ImportServiceDeps {
  repo: ImportRepo;
  /** Where uploads wait while they are parsed: local disk, whatever the site's storage is. */
  spool: { storage: BlobStorage; pathOf(key: string): string };
  /** Starts the `import-batches` job now (it also runs every minute, and resumes after a restart). */
  kick: () => void;
  maxUploadBytes: number;
  /** The site's language (SITE_LANGUAGE): what parsers fill in themselves, and the default shown one. */
  language: Language;
  now: () => number;
}

const REDIRECT_PAGE = 50;

export const createImportService = ({
  repo,
  spool,
  kick,
  maxUploadBytes,
  language,
  now,
}: ImportServiceDeps) => {
  const preview = previewCache();
  /** `shown`: the caller's language (the command line's: the operator's, i18n/operatorLanguage.ts). */
  const present = async (id: number, shown: Language = language): Promise<ImportJob> => {
    const row = await repo.findJob(id);
    if (!row) throw notFound(said('error.importers.notFound'));
    return presentJob(row, preview(row), shown);
  };

  const insert = async (
    platform: ImportPlatform,
    fileName: string,
    parsed: ParsedUpload,
    options: ImportOptions,
    shown: Language,
  ): Promise<ImportJob> => {
    const at = now();
    const row = await repo.insertJob({
      platform,
      file_name: fileName.slice(0, 300),
      status: 'previewed',
      options: JSON.stringify(options),
      bundle: parsed.bundleJson,
      total: parsed.total,
      report: JSON.stringify(emptyReport()),
      error: null,
      created_at: at,
      updated_at: at,
    });
    return presentJob(row, parsed.preview, shown);
  };

  /** The command line's way in: the bytes are already read, and it is its own process. */
  const create = async (
    platform: ImportPlatform,
    fileName: string,
    bytes: Uint8Array,
    options: ImportOptions,
    shown: Language = language,
  ): Promise<ImportJob> =>
    insert(platform, fileName, await parseToStored(platform, fileName, bytes, language), options, shown);

  return {
    create,
    /** The preview alone, nothing written (the CLI's `--dry-run`). */
    preview: async (platform: ImportPlatform, bytes: Uint8Array, shown: Language = language) =>
      presentPreview((await parseToStored(platform, 'file', bytes, language)).preview, shown),
    /** Queues a previewed import without starting the job (the CLI runs it under the job's lease). */
    async queue(id: number): Promise<void> {
      await repo.updateJob(id, { status: 'queued', updated_at: now() });
    },
    /**
     * The upload is streamed to a spool file on local disk (capped), parsed in a child process
     * (parseProcess.ts) — the server never holds the file or its inflated contents — and removed.
     */
    async upload(req: FastifyRequest): Promise<ImportJob> {
      const { files, fields } = await readMultipart(
        req,
        spool.storage,
        { file: { allowed: AnyType, maxBytes: maxUploadBytes, keyFor: () => `import-${randomName()}` } },
        ImportUploadFields,
      );
      const file = files[0];
      if (!file) throw notFound(said('error.importers.noFile'));
      try {
        const name = file.filename || 'upload';
        const parsed = await parseFile({
          platform: fields.platform,
          name,
          file: spool.pathOf(file.key),
          language,
        });
        return await insert(
          fields.platform,
          name,
          parsed,
          { fetchPictures: fields.fetchPictures, overwrite: fields.overwrite },
          callerLanguage(req),
        );
      } finally {
        await spool.storage.delete(file.key).catch(() => undefined);
      }
    },
    get: present,
    async list(shown: Language = language): Promise<ImportJob[]> {
      return (await repo.recentJobs(20)).map((row) => presentJob(row, preview(row), shown));
    },
    /** Queues a previewed import; asking again while it runs answers its state (no second run). */
    async apply(id: number, shown: Language = language): Promise<ImportJob> {
      const row = await repo.findJob(id);
      if (!row) throw notFound(said('error.importers.notFound'));
      if (row.status === 'done' || row.status === 'failed') throw conflict(said('error.importers.finished'));
      if (row.status === 'previewed') await repo.updateJob(id, { status: 'queued', updated_at: now() });
      kick();
      return present(id, shown);
    },
    async redirects(query: { start?: number; keyword?: string }): Promise<ImportRedirectPage> {
      const rows = await repo.redirectPage({
        before: query.start,
        keyword: query.keyword,
        limit: REDIRECT_PAGE + 1,
      });
      return {
        list: rows.slice(0, REDIRECT_PAGE).map(presentRedirect),
        hasMore: rows.length > REDIRECT_PAGE,
      };
    },
    /** Where an old address now lives (the web app's unknown-path hook asks), or null. */
    async resolveOldPath(url: string): Promise<string | null> {
      const path = normaliseOldPath(url);
      return path ? ((await repo.findRedirect(path))?.target_path ?? null) : null;
    },
  };
};

export type ImportService = ReturnType<typeof createImportService>;
