import type {
  Collection,
  CollectionSave,
  Material,
  MaterialCreate,
  MaterialFilters,
  MaterialPageBody,
  MaterialUpdate,
  PublicCollection,
  PublicMaterial,
} from '@candy/contract/calls/videos';
import {
  CollectionSave as CollectionSaveSchema,
  MaterialPageBody as PageSchema,
} from '@candy/contract/calls/videos';
import type { Language } from '@candy/contract/languages';
import { conflict, invalidField, notFound } from '../../http/errors.ts';
import type { StoredFile } from '../../http/multipart.ts';
import { list, said } from '../../i18n/said.ts';
import { serverText } from '../../i18n/serverText.ts';
import type { BlobStorage } from '../../storage/index.ts';
import { videoPresenters } from './covers.ts';
import { matches, parseTagList, sortValue } from './listing.ts';
import { parseIds } from './present.ts';
import { checkedRange } from './range.ts';
import type { CollectionRow, MaterialRow, VideoRepo } from './repo.ts';
import type { VideoSources } from './sources.ts';
import { isUploadedThumbnail, queuedBlank, type VideoImages, type VideoWorker } from './worker.ts';

export interface VideosServiceDeps {
  repo: VideoRepo;
  sources: VideoSources;
  worker: VideoWorker;
  storage: BlobStorage;
  apiBase: string;
  /** The site's language (SITE_LANGUAGE): an untitled clip's name. */
  language: Language;
  now: () => number;
  /** Public embeds changed (cache invalidation). */
  changed: () => void;
  /** The image pipeline (issue 30): covers get resized copies, answered as `pictures`. */
  images?: VideoImages;
}

const ms = (seconds: number) => Math.round(seconds * 1000);

/**
 * Clips, collections and publishing. Lists are filtered and sorted in memory: a personal site holds
 * hundreds of clips, not millions, and both dialects then behave the same.
 */
export const createVideosService = (deps: VideosServiceDeps) => {
  const { repo, now } = deps;
  const { presentAll, presentOne, presentPublic, presentCollectionsOf } = videoPresenters(
    deps.apiBase,
    deps.images,
  );

  const materialOr404 = async (id: number): Promise<MaterialRow> => {
    const row = await repo.materials.find(id);
    if (!row) throw notFound(said('error.videos.clipNotFound'));
    return row;
  };
  const collectionOr404 = async (id: number): Promise<CollectionRow> => {
    const row = await repo.collections.find(id);
    if (!row) throw notFound(said('error.videos.collectionNotFound'));
    return row;
  };

  const checkRange = (sourcePath: string, start: number, end: number | null | undefined) =>
    checkedRange(deps.sources, sourcePath, start, end);

  /** Puts a clip (back) into the processing queue; a worker holding it sees its result is stale. */
  const requeue = (row: MaterialRow) => ({
    state: 'draft' as const,
    progress: 0,
    error: null,
    lease_until: null,
    queued_at: now(),
    job_rev: row.job_rev + 1,
  });

  const materialsById = async (ids: number[]) =>
    new Map((await repo.materials.byIds(ids)).map((row) => [row.id, row]));

  const presentCollections = async (rows: CollectionRow[]): Promise<Collection[]> => {
    const ids = rows.flatMap((row) => [...parseIds(row.material_ids), row.cover_material_id ?? 0]);
    return presentCollectionsOf(rows, await materialsById([...new Set(ids)].filter((id) => id > 0)));
  };

  const publishRow = async (row: MaterialRow, at: number) => {
    if (row.published_at !== null) return;
    if (row.media_key === null || (row.state !== 'ready' && row.state !== 'processing')) {
      throw conflict(said('error.videos.clipNotReady', { title: row.title }));
    }
    await repo.materials.update(row.id, { published_at: at, updated_at: at });
  };

  const publicCollection = async (row: CollectionRow): Promise<PublicCollection> => {
    const ids = parseIds(row.material_ids);
    const materials = await materialsById(ids);
    const items = await presentPublic(ids.flatMap((id) => materials.get(id) ?? []));
    const [presented] = await presentCollections([row]);
    const { id, title, description } = row;
    return {
      id,
      title,
      description,
      cover: presented?.cover ?? null,
      items,
      pictures: presented?.pictures ?? {},
    };
  };

  return {
    async createMaterial(body: MaterialCreate): Promise<Material> {
      const sourcePath = await checkRange(body.sourcePath, body.start, body.end);
      const at = now();
      const id = await repo.materials.insert({
        title: body.title,
        description: body.description,
        tags: JSON.stringify(body.tags),
        source_path: sourcePath,
        upload_key: null,
        upload_name: null,
        start_ms: ms(body.start),
        end_ms: ms(body.end),
        cover_at_ms: body.coverAt == null ? null : ms(body.coverAt),
        ...queuedBlank(at),
        cover_key: null,
        created_at: at,
        updated_at: at,
        published_at: null,
      });
      deps.worker.kick();
      return presentOne(await materialOr404(id));
    },

    async createFromUpload(
      files: StoredFile[],
      fields: { title?: string; description?: string; tags?: string },
    ): Promise<Material> {
      const video = files.find((f) => f.field === 'file');
      const thumbnail = files.find((f) => f.field === 'thumbnail');
      if (!video) throw invalidField('file', 'required', said('error.upload.missing'));
      const at = now();
      const name = video.filename.slice(0, 255);
      const tags = parseTagList(fields.tags ?? '');
      const id = await repo.materials.insert({
        title:
          fields.title ||
          name.replace(/\.[^.]*$/, '').slice(0, 100) ||
          serverText(deps.language, 'videos.untitled'),
        description: fields.description ?? '',
        tags: JSON.stringify(tags),
        source_path: null,
        upload_key: video.key,
        upload_name: name,
        start_ms: 0,
        end_ms: null,
        cover_at_ms: null,
        ...queuedBlank(at),
        cover_key: thumbnail?.key ?? null,
        created_at: at,
        updated_at: at,
        published_at: null,
      });
      if (thumbnail) await deps.images?.registerStored(thumbnail.key);
      deps.worker.kick();
      return presentOne(await materialOr404(id));
    },

    async list(filters: MaterialFilters): Promise<Material[]> {
      return presentAll((await repo.materials.all()).filter((row) => matches(row, filters)));
    },

    async page(input: MaterialPageBody) {
      const body = PageSchema.parse(input);
      const rows = (await repo.materials.all()).filter((row) => matches(row, body.filters));
      const { field, order } = body.sort;
      rows.sort((a, b) => {
        const x = sortValue(a, field);
        const y = sortValue(b, field);
        const base = x < y ? -1 : x > y ? 1 : a.id - b.id;
        return order === 'asc' ? base : -base;
      });
      const from = (body.page - 1) * body.size;
      return {
        list: await presentAll(rows.slice(from, from + body.size)),
        total: rows.length,
        page: body.page,
        size: body.size,
      };
    },

    async update(id: number, body: MaterialUpdate): Promise<Material> {
      const row = await materialOr404(id);
      const start = body.start ?? Number(row.start_ms) / 1000;
      const end = body.end !== undefined ? body.end : row.end_ms === null ? null : Number(row.end_ms) / 1000;
      if (end !== null && end <= start)
        throw invalidField('end', 'too_small', said('error.videos.endBeforeStart'));
      const rangeChanged =
        ms(start) !== Number(row.start_ms) ||
        (end === null ? null : ms(end)) !== (row.end_ms === null ? null : Number(row.end_ms));
      const coverChanged =
        body.coverAt !== undefined && (body.coverAt === null ? null : ms(body.coverAt)) !== row.cover_at_ms;
      if (rangeChanged && row.source_path !== null) await checkRange(row.source_path, start, end);
      const at = now();
      await repo.materials.update(id, {
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.tags !== undefined ? { tags: JSON.stringify(body.tags) } : {}),
        start_ms: ms(start),
        end_ms: end === null ? null : ms(end),
        ...(body.coverAt !== undefined
          ? { cover_at_ms: body.coverAt === null ? null : ms(body.coverAt) }
          : {}),
        ...(rangeChanged || coverChanged ? requeue(row) : {}),
        ...(body.published === false ? { published_at: null } : {}),
        updated_at: at,
      });
      if (body.published === true) await publishRow({ ...row }, at);
      if (rangeChanged || coverChanged) deps.worker.kick();
      deps.changed();
      return presentOne(await materialOr404(id));
    },

    async remove(id: number, force: boolean): Promise<null> {
      const row = await materialOr404(id);
      const holders = (await repo.collections.all()).filter((c) => parseIds(c.material_ids).includes(id));
      const published = holders.filter((c) => c.published_at !== null);
      if (published.length > 0 && !force) {
        const titles = published.map((c) => said('videos.quoted', { title: c.title }));
        throw conflict(said('error.videos.inPublished', { titles: list(titles, said('list.enumeration')) }));
      }
      const at = now();
      for (const holder of holders) {
        await repo.collections.update(holder.id, {
          material_ids: JSON.stringify(parseIds(holder.material_ids).filter((m) => m !== id)),
          ...(holder.cover_material_id === id ? { cover_material_id: null } : {}),
          updated_at: at,
        });
      }
      await repo.materials.remove(id);
      for (const key of [row.media_key, row.cover_key, row.upload_key]) {
        if (key) await deps.storage.delete(key).catch(() => undefined);
      }
      if (row.cover_key) await deps.images?.forget(row.cover_key);
      deps.changed();
      return null;
    },

    async reupload(body: {
      id: number;
      sourcePath: string;
      start?: number;
      end?: number;
    }): Promise<Material> {
      const row = await materialOr404(body.id);
      const start = body.start ?? 0;
      const sourcePath = await checkRange(body.sourcePath, start, body.end);
      const dropThumbnail = isUploadedThumbnail(row.cover_key);
      await repo.materials.update(row.id, {
        source_path: sourcePath,
        upload_key: null,
        upload_name: null,
        start_ms: ms(start),
        end_ms: body.end === undefined ? null : ms(body.end),
        cover_at_ms: null,
        ...(dropThumbnail ? { cover_key: null } : {}),
        ...requeue(row),
        updated_at: now(),
      });
      if (row.upload_key) await deps.storage.delete(row.upload_key).catch(() => undefined);
      if (dropThumbnail && row.cover_key) {
        await deps.storage.delete(row.cover_key).catch(() => undefined);
        await deps.images?.forget(row.cover_key);
      }
      deps.worker.kick();
      deps.changed();
      return presentOne(await materialOr404(row.id));
    },

    async publishMaterial(id: number): Promise<Material> {
      await publishRow(await materialOr404(id), now());
      deps.changed();
      return presentOne(await materialOr404(id));
    },

    async saveCollection(input: CollectionSave): Promise<Collection> {
      const body = CollectionSaveSchema.parse(input);
      const existing = body.id === undefined ? null : await collectionOr404(body.id);
      const found = await materialsById(body.materialIds);
      const missing = body.materialIds.findIndex((id) => !found.has(id));
      if (missing >= 0)
        throw invalidField(`materialIds.${missing}`, 'exists', said('error.videos.clipNotFound'));
      if (body.coverMaterialId !== null && !body.materialIds.includes(body.coverMaterialId)) {
        throw invalidField('coverMaterialId', 'in_list', said('error.videos.coverNotInCollection'));
      }
      const at = now();
      const fields = {
        title: body.title,
        description: body.description,
        cover_material_id: body.coverMaterialId,
        material_ids: JSON.stringify(body.materialIds),
        updated_at: at,
      };
      let id: number;
      if (existing) {
        id = existing.id;
        await repo.collections.update(id, fields);
      } else {
        id = await repo.collections.insert({ ...fields, published_at: null, created_at: at });
      }
      deps.changed();
      const [presented] = await presentCollections([await collectionOr404(id)]);
      return presented as Collection;
    },

    async collectionPage(body: { page: number; size: number; keyword?: string }) {
      const word = body.keyword?.toLowerCase();
      const rows = (await repo.collections.all()).filter(
        (row) => !word || `${row.title}\n${row.description}`.toLowerCase().includes(word),
      );
      const from = (body.page - 1) * body.size;
      return {
        list: await presentCollections(rows.slice(from, from + body.size)),
        total: rows.length,
        page: body.page,
        size: body.size,
      };
    },

    async removeCollection(id: number): Promise<null> {
      await collectionOr404(id);
      await repo.collections.remove(id);
      deps.changed();
      return null;
    },

    /** Publishes every clip of the collection, then the collection; 4090 when a clip is not ready. */
    async publishCollection(id: number): Promise<Collection> {
      const row = await collectionOr404(id);
      const ids = parseIds(row.material_ids);
      if (ids.length === 0) throw conflict(said('error.videos.collectionEmpty'));
      const materials = await materialsById(ids);
      const notReady = ids.map((m) => materials.get(m)).find((m) => !m || m.media_key === null);
      if (notReady) throw conflict(said('error.videos.clipNotReady', { title: notReady.title }));
      const at = now();
      for (const materialId of ids) await publishRow(materials.get(materialId) as MaterialRow, at);
      if (row.published_at === null) await repo.collections.update(id, { published_at: at, updated_at: at });
      deps.changed();
      const [presented] = await presentCollections([await collectionOr404(id)]);
      return presented as Collection;
    },

    async publicMaterial(id: number): Promise<PublicMaterial> {
      const row = await repo.materials.find(id);
      const [visible] = row ? await presentPublic([row]) : [];
      if (!visible) throw notFound(said('error.videos.videoNotFound'));
      return visible;
    },

    async publicCollection(id: number): Promise<PublicCollection> {
      const row = await repo.collections.find(id);
      if (!row || row.published_at === null) throw notFound(said('error.videos.collectionNotPublished'));
      return publicCollection(row);
    },

    /** Published clips and collections as visitors see them (the offline snapshot). */
    async listForSnapshot(): Promise<{ materials: PublicMaterial[]; collections: PublicCollection[] }> {
      const materials = await presentPublic(await repo.materials.published());
      const collections = await Promise.all(
        (await repo.collections.all()).filter((row) => row.published_at !== null).map(publicCollection),
      );
      return { materials, collections };
    },

    /** The blob behind a media URL, if the caller may see it. */
    async media(id: number, name: string, owner: boolean): Promise<{ key: string; published: boolean }> {
      const row = await repo.materials.find(id);
      const key = [row?.media_key, row?.cover_key].find((k) => k && k.split('/').pop() === name);
      if (!row || !key) throw notFound(said('error.files.notFound'));
      const published = row.published_at !== null;
      if (!published && !owner) throw notFound(said('error.files.notFound'));
      return { key, published };
    },
  };
};

export type VideosService = ReturnType<typeof createVideosService>;
