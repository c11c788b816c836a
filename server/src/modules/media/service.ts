import { Readable } from 'node:stream';
import type { UploadedImage } from '@candy/contract/calls/media';
import type { FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import * as z from 'zod';
import type { Db } from '../../db/index.ts';
import { unsupportedMediaType } from '../../http/errors.ts';
import { randomName, readMultipart } from '../../http/multipart.ts';
import { sniffUpload, UploadTypes } from '../../http/uploads.ts';
import { said } from '../../i18n/said.ts';
import { type BlobStorage, publicUrlOf } from '../../storage/index.ts';
import { type Cleaning, cleanImage, decodeRefusal } from './images.ts';

export interface MediaDeps {
  db: Db;
  storage: BlobStorage;
  imageMaxBytes: number;
  imageMaxPixels: number;
  /** A picture was stored: the image pipeline makes its copies, off the request. */
  stored: () => void;
  now: () => number;
  logger: Logger;
}

const monthOf = (ms: number) => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

/** The owner's image uploads (issue 10): streamed, checked by content, cleaned, sized, recorded. */
export const createMediaService = ({
  db,
  storage,
  imageMaxBytes,
  imageMaxPixels,
  stored,
  now,
  logger,
}: MediaDeps) => ({
  async uploadImage(req: FastifyRequest): Promise<UploadedImage> {
    const { image } = await this.uploadImageForm(req);
    return image;
  },

  /**
   * The upload with its picture row's id and the form's other fields: the Mastodon API's media
   * upload (issue 42) sends the alt text (`description`) beside the file.
   */
  async uploadImageForm(
    req: FastifyRequest,
  ): Promise<{ image: UploadedImage; id: number; fields: Record<string, unknown> }> {
    const { files, fields } = await readMultipart(
      req,
      storage,
      {
        file: {
          allowed: UploadTypes.image,
          maxBytes: imageMaxBytes,
          keyFor: (t) => `tmp/${randomName()}.${t.ext}`,
        },
      },
      z.object({}).passthrough(),
    );
    const raw = files[0];
    if (!raw) throw unsupportedMediaType();
    const key = `images/${monthOf(now())}/${randomName()}.${raw.type.ext}`;
    let cleaning: Cleaning | undefined;
    try {
      const source = await storage.get(raw.key);
      if (!source) throw new Error(`upload ${raw.key} vanished`);
      cleaning = await cleanImage(source, raw.type, imageMaxPixels);
      const [{ size }, { width, height }] = await Promise.all([
        storage.put(key, cleaning.output, { contentType: raw.type.mime }),
        cleaning.done,
      ]);
      const row = await db
        .insertInto('image')
        .values({ key, mime: raw.type.mime, width, height, size, created_at: now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      stored();
      return { image: { url: publicUrlOf(key), width, height }, id: row.id, fields };
    } catch (error) {
      await storage.delete(key).catch(() => undefined);
      const refusal = decodeRefusal(cleaning?.decoderError(), imageMaxPixels);
      if (refusal) {
        logger.debug({ err: error }, 'image refused by the decoder');
        throw refusal;
      }
      throw error;
    } finally {
      await storage.delete(raw.key).catch(() => undefined);
    }
  },

  /**
   * Stores a picture the server already holds in memory (an importer's, issue 27) the way an upload
   * is stored: checked by content (4150 otherwise), size-capped, cleaned, recorded, queued for variants.
   */
  async storeBytes(bytes: Uint8Array): Promise<UploadedImage> {
    if (bytes.length > imageMaxBytes) throw unsupportedMediaType(said('error.media.tooLarge'));
    const type = await sniffUpload(bytes.subarray(0, 4100), UploadTypes.image);
    const key = `images/${monthOf(now())}/${randomName()}.${type.ext}`;
    let cleaning: Cleaning | undefined;
    try {
      cleaning = await cleanImage(Readable.from([Buffer.from(bytes)]), type, imageMaxPixels);
      const [{ size }, { width, height }] = await Promise.all([
        storage.put(key, cleaning.output, { contentType: type.mime }),
        cleaning.done,
      ]);
      await db
        .insertInto('image')
        .values({ key, mime: type.mime, width, height, size, created_at: now() })
        .execute();
      stored();
      return { url: publicUrlOf(key), width, height };
    } catch (error) {
      await storage.delete(key).catch(() => undefined);
      throw decodeRefusal(cleaning?.decoderError(), imageMaxPixels) ?? error;
    }
  },

  /** Sizes of uploaded images by URL, for pages that reserve their space. */
  async sizesOf(urls: string[]): Promise<Map<string, { width: number; height: number }>> {
    const keys = urls.filter((u) => u.startsWith('/files/')).map((u) => decodeURIComponent(u.slice(7)));
    if (keys.length === 0) return new Map();
    const rows = await db
      .selectFrom('image')
      .select(['key', 'width', 'height'])
      .where('key', 'in', keys)
      .execute();
    return new Map(rows.map((r) => [publicUrlOf(r.key), { width: r.width, height: r.height }]));
  },
});

export type MediaService = ReturnType<typeof createMediaService>;
