import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { Language } from '@candy/contract/languages';
import type { PictureInfo, PictureMap } from '@candy/contract/picture';
import type { Logger } from 'pino';
import { contentTypeOf } from '../../http/contentTypes.ts';
import { messageOf, SaidError, said, sayIn } from '../../i18n/said.ts';
import { type BlobStorage, publicUrlOf } from '../../storage/index.ts';
import { adoptStoredPictures, describePicture, type PictureSource } from './adopt.ts';
import type { ImageRepo } from './repo.ts';
import { type VariantMaker, VariantsChildExited, variantMaker } from './variantsProcess.ts';

export interface ImagesDeps {
  repo: ImageRepo;
  storage: BlobStorage;
  /** Pictures with more pixels than this are refused (decompression bombs). */
  maxPixels: number;
  now: () => number;
  logger: Logger;
  /** The site's language (SITE_LANGUAGE): a failure's reason is kept in it. */
  language: Language;
  /** A picture's copies were made (or it passes through): answers that name it must be read again. */
  changed?: () => void;
  /** The built child entry that makes copies (variantsProcess.ts); null: in this process. */
  variantsEntry?: string | null;
}

/** Attempts per picture before it is marked failed (its original keeps being served). */
export const MAX_ATTEMPTS = 3;
/** The first retry waits a minute, then twice as long each time. */
const RETRY_BASE_MS = 60_000;

/** Where a picture's copies are stored: one folder per original content, never reused. */
export const variantFolderOf = (hash: string): string => `images/v/${hash}/`;

/** Our own pictures a Markdown text shows: `![…](/files/…)` and `<img src="/files/…">`. */
export const pictureUrlsOf = (markdown: string): string[] => [
  ...new Set(
    [...markdown.matchAll(/!\[[^\]]*\]\((\/files\/[^)\s]+)|<img\s[^>]*src="(\/files\/[^"]+)"/g)].map(
      (match) => (match[1] ?? match[2]) as string,
    ),
  ),
];

const keyOfUrl = (url: string): string | null =>
  url.startsWith('/files/') ? decodeURIComponent(url.slice('/files/'.length).split(/[?#]/)[0] ?? '') : null;

/** An original sent as the offline small copy when it has no resized copies (a GIF, an SVG). */
const smallCopyMaxBytes = 512 * 1024;

/**
 * The image pipeline (issue 30): every stored picture gets resized copies and a thumbhash, made off
 * the request by the `image-variants` job (one replica at a time, under its lease), retried with
 * back-off, and never in the way of the original, which is served until its copies exist.
 */
export const createImagesService = ({
  repo,
  storage,
  maxPixels,
  now,
  logger,
  language,
  changed,
  variantsEntry = null,
}: ImagesDeps) => {
  /** Set once the scheduler exists: starts the job now unless a replica is running it. */
  let kickJob: (() => Promise<unknown>) | null = null;
  /** Where the pictures stored before the pipeline are named (the gallery, moments, essays). */
  const sources: PictureSource[] = [];

  const processOne = async (
    maker: VariantMaker,
    row: { id: number; key: string; variant_attempts: number },
  ) => {
    let decoding = false;
    try {
      const source = await storage.get(row.key);
      if (!source) throw new SaidError(said('images.sourceMissing'));
      const original = await buffer(source);
      decoding = true;
      const made = await maker.make(original, maxPixels);
      decoding = false;
      if (made.kind === 'skip') {
        await repo.made(row.id, { state: 'skip', thumbhash: made.thumbhash, variants: null, hash: null });
        changed?.();
        return 'skip' as const;
      }
      const folder = variantFolderOf(made.hash);
      for (const file of made.files)
        await storage.put(folder + file.name, Readable.from(file.body), { contentType: file.mime });
      await repo.made(row.id, {
        state: 'ready',
        thumbhash: made.thumbhash || null,
        variants: JSON.stringify({ widths: made.widths, fallback: made.fallback }),
        hash: made.hash,
      });
      changed?.();
      return 'ready' as const;
    } catch (error) {
      // A picture the decoder refuses is refused again a minute later: given up at once. Storage
      // that did not answer, or a child process that died, may well do better later: those
      // attempts wait and try again.
      const refused = decoding && !(error instanceof VariantsChildExited);
      const attempts = refused ? Math.max(MAX_ATTEMPTS, row.variant_attempts + 1) : row.variant_attempts + 1;
      const message = sayIn(language, messageOf(error));
      const retryAt = attempts >= MAX_ATTEMPTS ? null : now() + RETRY_BASE_MS * 2 ** (attempts - 1);
      await repo.failed(row.id, attempts, message, retryAt);
      logger.warn({ err: error, key: row.key, attempts }, 'image variants failed');
      return 'failed' as const;
    }
  };

  return {
    attachRunner(run: () => Promise<unknown>): void {
      kickJob = run;
    },

    /** A module that shows stored pictures names them here, for `adoptStored`. */
    addSource(source: PictureSource): void {
      sources.push(source);
    },

    /**
     * Registers the pictures stored before the pipeline (no row yet) so their copies get made; the
     * caller starts the work (`stored()`) or does it itself (the backfill command).
     */
    adoptStored: () => adoptStoredPictures({ repo, storage, maxPixels, now }, sources),

    /** Removes copies a killed run left half-written (on the local disk), answering how many. */
    sweepUnfinished: async (): Promise<number> => (await storage.sweepUnfinished?.('images/v/')) ?? 0,

    /** A picture another module stored (the gallery's): recorded, then its copies made soon. */
    async register(picture: { key: string; mime: string; width: number; height: number; size: number }) {
      await repo.register({ ...picture, created_at: now() });
      this.stored();
    },

    /**
     * A picture another module stored without reading it (a Bangumi cover, a video's thumbnail):
     * its size and kind are read from the stored file, then it is registered like `register`. A file
     * that is not a picture libvips can read is left alone (false): the page shows it as it is.
     */
    async registerStored(key: string): Promise<boolean> {
      try {
        const source = await storage.get(key);
        if (!source) return false;
        const bytes = await buffer(source);
        const described = await describePicture(bytes, maxPixels);
        if (!described) return false;
        await this.register({ key, ...described, size: bytes.length });
        return true;
      } catch (error) {
        logger.warn({ err: error, key }, 'stored picture not registered');
        return false;
      }
    },

    /** A picture was deleted: its copies and its row go too. */
    async forget(key: string): Promise<void> {
      const [row] = await repo.byKeys([key]);
      if (row?.hash) {
        // Another upload of the very same bytes shares the folder: keep it while that one lives.
        const twins = await repo.byHash(row.hash);
        if (twins.length <= 1)
          for (const blob of await storage.list(variantFolderOf(row.hash))) await storage.delete(blob.key);
      }
      await repo.forget(key);
    },

    /** A picture was stored: make its copies soon, off the request. */
    stored(): void {
      void kickJob?.().catch((error: unknown) => logger.warn({ err: error }, 'image-variants not started'));
    },

    /** Starts the job now when pictures are waiting for their copies (called once the server listens). */
    startIfPending(): void {
      void repo
        .nextPending(now())
        .then((row) => {
          if (row) this.stored();
        })
        .catch((error: unknown) => logger.warn({ err: error }, 'image-variants not started'));
    },

    /**
     * Works through every picture whose copies are due until none is left or `deadline` passes:
     * the `image-variants` job and `npm run images -- backfill`. Each picture is done on its own,
     * so a run that is killed resumes where it stopped.
     */
    async processPending(
      options: { deadline?: number; onProgress?: (done: number, key: string, outcome: string) => void } = {},
    ) {
      const outcome = { ready: 0, skip: 0, failed: 0 };
      const maker = variantMaker(variantsEntry);
      try {
        for (;;) {
          if (options.deadline !== undefined && now() >= options.deadline) break;
          const row = await repo.nextPending(now());
          if (!row) break;
          const result = await processOne(maker, row);
          outcome[result] += 1;
          options.onProgress?.(outcome.ready + outcome.skip + outcome.failed, row.key, result);
        }
      } finally {
        maker.close();
      }
      return outcome;
    },

    status: async () => {
      const [counts, last] = await Promise.all([repo.counts(), repo.lastFailure()]);
      return { ...counts, lastError: last ? `${last.key}：${last.variant_error ?? ''}` : null };
    },

    /** Tries every given-up picture again, now (`start: false`: the caller works through them). */
    async retryFailed({ start = true }: { start?: boolean } = {}): Promise<number> {
      const count = await repo.retryFailed();
      if (count > 0 && start) this.stored();
      return count;
    },

    /** Each text with the pictures its Markdown shows (`pictures`), in one read for them all. */
    withPictures<T extends { content: string }>(items: T[]): Promise<(T & { pictures: PictureMap })[]> {
      return this.withPicturesBy(items, (item) => pictureUrlsOf(item.content));
    },

    /** Each item with the pictures `urlsOf` names (`pictures`), in one read for them all. */
    async withPicturesBy<T>(
      items: T[],
      urlsOf: (item: T) => string[],
    ): Promise<(T & { pictures: PictureMap })[]> {
      const urls = items.map(urlsOf);
      const all = await this.picturesOf(urls.flat());
      return items.map((item, index) => ({
        ...item,
        pictures: Object.fromEntries(
          (urls[index] ?? []).flatMap((url) => (all[url] ? [[url, all[url]] as const] : [])),
        ),
      }));
    },

    /** One text with the pictures its Markdown shows. */
    async withPicturesOf<T extends { content: string }>(item: T): Promise<T & { pictures: PictureMap }> {
      const [one] = await this.withPictures([item]);
      return one ?? { ...item, pictures: {} };
    },

    /**
     * A picture's small copy for the sealed offline snapshot (issue 46.2): its narrowest WebP copy
     * when the pipeline made them, else the stored file when it is small enough; null otherwise.
     */
    async smallCopy(
      url: string,
      info: PictureInfo | undefined,
    ): Promise<{ bytes: Uint8Array<ArrayBuffer>; type: string } | null> {
      const width = info?.widths[0];
      const copy = info?.base && width ? keyOfUrl(`${info.base}${width}.webp`) : null;
      const key = copy ?? keyOfUrl(url);
      if (!key) return null;
      const stat = await storage.stat(key);
      if (!stat || (!copy && stat.size > smallCopyMaxBytes)) return null;
      const source = await storage.get(key);
      if (!source) return null;
      const bytes = new Uint8Array(await buffer(source));
      return { bytes, type: copy ? 'image/webp' : (stat.contentType ?? contentTypeOf(key)) };
    },

    /** What pages need to show these pictures (`/files/…` URLs), by URL; others are left out. */
    picturesOf(urls: Iterable<string>): Promise<PictureMap> {
      const keys = new Map<string, string>();
      for (const url of urls) {
        const key = keyOfUrl(url);
        if (key) keys.set(key, url);
      }
      return this.picturesByKey(keys);
    },

    /**
     * The same for pictures served elsewhere than `/files/` (a video's thumbnail, behind its clip's
     * visibility): `keys` maps each stored key to the URL the answer names it by.
     */
    /** Pictures by id or by URL with their alt text and size: the Mastodon API's media (issue 42). */
    async described(where: { ids: number[] } | { urls: string[] }): Promise<DescribedPicture[]> {
      const rows =
        'ids' in where
          ? await repo.described({ ids: where.ids })
          : await repo.described({ keys: where.urls.map(keyOfUrl).filter((key) => key !== null) });
      return rows.map((row) => ({
        id: row.id,
        url: publicUrlOf(row.key),
        width: row.width,
        height: row.height,
        alt: row.alt,
      }));
    },

    describe: (id: number, alt: string | null): Promise<boolean> => repo.setAlt(id, alt),

    async picturesByKey(keys: ReadonlyMap<string, string>): Promise<PictureMap> {
      const rows = await repo.byKeys([...keys.keys()]);
      const pictures: PictureMap = {};
      for (const row of rows) {
        const variants =
          row.variant_state === 'ready' && row.variants && row.hash
            ? (JSON.parse(row.variants) as { widths: number[]; fallback: string })
            : null;
        const info: PictureInfo = {
          width: row.width,
          height: row.height,
          thumbhash: row.thumbhash,
          base: variants && row.hash ? publicUrlOf(variantFolderOf(row.hash)) : null,
          widths: variants?.widths ?? [],
          fallback: variants?.fallback ?? null,
        };
        pictures[keys.get(row.key) ?? publicUrlOf(row.key)] = info;
      }
      return pictures;
    },
  };
};

/** A stored picture as an app sees it: `id` is its media attachment id. */
export interface DescribedPicture {
  id: number;
  url: string;
  width: number;
  height: number;
  alt: string | null;
}

export type ImagesService = ReturnType<typeof createImagesService>;
