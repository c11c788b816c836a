import { type Waifu, WaifuUploadFields } from '@candy/contract/calls/waifu';
import type { FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { Logger } from 'pino';
import type { WaifuTable } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { randomName, readMultipart } from '../../http/multipart.ts';
import { UploadTypes } from '../../http/uploads.ts';
import { said } from '../../i18n/said.ts';
import { loadSharp } from '../../lazyModules.ts';
import { type BlobStorage, publicUrlOf } from '../../storage/index.ts';
import { type Cleaning, cleanImage, decodeRefusal } from '../media/images.ts';
import type { WaifuRepo } from './repo.ts';

/** Width of the gallery's small version. */
export const previewWidth = 480;
/** Most images one upload may carry. */
export const waifuMaxFiles = 20;

const tagsOf = (json: string): string[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
};

const present = (row: Selectable<WaifuTable>): Waifu => ({
  id: row.id,
  url: row.url,
  preview: row.preview,
  width: row.width,
  height: row.height,
  title: row.title,
  tags: tagsOf(row.tags),
});

const keyOf = (url: string): string | null =>
  url.startsWith('/files/') ? decodeURIComponent(url.slice('/files/'.length)) : null;

export interface WaifuDeps {
  repo: WaifuRepo;
  storage: BlobStorage;
  imageMaxBytes: number;
  imageMaxPixels: number;
  /** The image pipeline (issue 30): each stored picture gets its resized copies. */
  images?: {
    register(picture: {
      key: string;
      mime: string;
      width: number;
      height: number;
      size: number;
    }): Promise<void>;
    forget(key: string): Promise<void>;
  };
  now: () => number;
  logger: Logger;
}

export const createWaifuService = ({
  repo,
  storage,
  imageMaxBytes,
  imageMaxPixels,
  images,
  now,
  logger,
}: WaifuDeps) => {
  const get = async (id: number): Promise<Waifu> => {
    const row = await repo.find(id);
    if (!row) throw notFound(said('error.waifu.notFound'));
    return present(row);
  };

  /** Cleans one stored upload (EXIF out, orientation applied) and makes its preview. */
  const store = async (rawKey: string, type: { ext: string; mime: string }) => {
    const name = randomName();
    const key = `waifu/${name}.${type.ext}`;
    const previewKey = `waifu/${name}.preview.webp`;
    let cleaning: Cleaning | undefined;
    try {
      const source = await storage.get(rawKey);
      if (!source) throw new Error(`upload ${rawKey} vanished`);
      cleaning = await cleanImage(source, type as Parameters<typeof cleanImage>[1], imageMaxPixels);
      const [{ size }, dims] = await Promise.all([
        storage.put(key, cleaning.output, { contentType: type.mime }),
        cleaning.done,
      ]);
      const cleaned = await storage.get(key);
      if (!cleaned) throw new Error(`image ${key} vanished`);
      const sharp = await loadSharp();
      const preview = cleaned.pipe(
        sharp({ failOn: 'error', limitInputPixels: imageMaxPixels })
          .resize({ width: previewWidth, withoutEnlargement: true })
          .webp({ quality: 75 }),
      );
      await storage.put(previewKey, preview, { contentType: 'image/webp' });
      return { key, previewKey, size, mime: type.mime, ...dims };
    } catch (error) {
      await Promise.all(
        [storage.delete(key), storage.delete(previewKey)].map((p) => p.catch(() => undefined)),
      );
      // The preview is made from what was just cleaned: its failure is ours, never a refusal.
      const refusal = decodeRefusal(cleaning?.decoderError(), imageMaxPixels);
      if (refusal) {
        logger.debug({ err: error }, 'waifu image refused by the decoder');
        throw refusal;
      }
      throw error;
    }
  };

  return {
    list: async (): Promise<Waifu[]> => (await repo.all()).map(present),

    /** Every image of the request, in the order sent, goes before the gallery's current first. */
    async upload(req: FastifyRequest): Promise<Waifu[]> {
      const { files, fields } = await readMultipart(
        req,
        storage,
        {
          file: {
            allowed: UploadTypes.image,
            maxBytes: imageMaxBytes,
            maxFiles: waifuMaxFiles,
            keyFor: (t) => `tmp/${randomName()}.${t.ext}`,
          },
        },
        WaifuUploadFields,
      );
      const stored: {
        key: string;
        previewKey: string;
        size: number;
        mime: string;
        width: number;
        height: number;
      }[] = [];
      try {
        for (const file of files) stored.push(await store(file.key, file.type));
      } catch (error) {
        for (const s of stored) {
          await Promise.all(
            [storage.delete(s.key), storage.delete(s.previewKey)].map((p) => p.catch(() => undefined)),
          );
        }
        throw error;
      } finally {
        await Promise.all(files.map((f) => storage.delete(f.key).catch(() => undefined)));
      }
      const first = await repo.firstOrder();
      const ids: number[] = [];
      for (const [index, s] of stored.entries()) {
        ids.push(
          await repo.insert({
            url: publicUrlOf(s.key),
            preview: publicUrlOf(s.previewKey),
            width: s.width,
            height: s.height,
            title: fields.title,
            tags: JSON.stringify(fields.tags),
            sort_order: first - stored.length + index,
            created_at: now(),
          }),
        );
      }
      for (const s of stored)
        await images?.register({ key: s.key, mime: s.mime, width: s.width, height: s.height, size: s.size });
      return Promise.all(ids.map(get));
    },

    async reorder(ids: readonly number[]): Promise<Waifu[]> {
      await repo.reorder([...new Set(ids)]);
      return (await repo.all()).map(present);
    },

    async update(id: number, patch: { title?: string; tags?: string[] }): Promise<Waifu> {
      await get(id);
      const changes = {
        ...(patch.title !== undefined ? { title: patch.title } : {}),
        ...(patch.tags !== undefined ? { tags: JSON.stringify(patch.tags) } : {}),
      };
      if (Object.keys(changes).length > 0) await repo.update(id, changes);
      return get(id);
    },

    async remove(id: number): Promise<{ id: number }> {
      const row = await repo.find(id);
      if (!row) throw notFound(said('error.waifu.notFound'));
      await repo.remove(id);
      for (const key of [keyOf(row.url), keyOf(row.preview)]) {
        if (key) await storage.delete(key).catch(() => undefined);
      }
      const original = keyOf(row.url);
      if (original) await images?.forget(original);
      return { id };
    },
  };
};

export type WaifuService = ReturnType<typeof createWaifuService>;
