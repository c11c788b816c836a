import * as z from 'zod';
import { type CallDef, defineCall } from '../call.ts';
import { PictureMap } from '../picture.ts';
import { videosRoutes as routes } from '../routes/videos.ts';

/**
 * A clip's status. `draft`: saved and waiting in the processing queue; `processing`: ffmpeg is
 * cutting it (see `progress`); `ready`: media made, not public; `published`: public; `failed`: see
 * `error` (changing the range or re-uploading tries again).
 */
export const MaterialStatus = z.enum(['draft', 'processing', 'ready', 'published', 'failed']);
export type MaterialStatus = z.infer<typeof MaterialStatus>;

/** A clip (spec: material). Times are seconds; sizes bytes; dates ms epoch. */
export const Material = z.lazy(() =>
  z.object({
    id: z.number(),
    title: z.string(),
    description: z.string(),
    tags: z.array(z.string()),
    /** Relative to VIDEO_SOURCE_DIR; null for an uploaded clip. */
    sourcePath: z.string().nullable(),
    /** The uploaded file's name, for an uploaded clip. */
    uploadName: z.string().nullable(),
    start: z.number(),
    /** Null: to the end of the source (uploads until measured). */
    end: z.number().nullable(),
    /** Where the cover frame is taken, seconds from the clip's start; null = its middle. */
    coverAt: z.number().nullable(),
    status: MaterialStatus,
    /** Processing progress 0–100 while `processing`. */
    progress: z.number(),
    error: z.string().nullable(),
    duration: z.number().nullable(),
    width: z.number().nullable(),
    height: z.number().nullable(),
    size: z.number().nullable(),
    /** The cover image URL (relative to the API base's origin). */
    cover: z.string().nullable(),
    /** The MP4 URL. */
    url: z.string().nullable(),
    createdAt: z.number(),
    updatedAt: z.number(),
    publishedAt: z.number().nullable(),
    /** Issue 30: its cover's resized copies and placeholder, by the cover's URL. */
    pictures: PictureMap.optional(),
  }),
);
export type Material = z.infer<typeof Material>;

export const CollectionStatus = z.enum(['draft', 'published']);
export const Collection = z.lazy(() =>
  z.object({
    id: z.number(),
    title: z.string(),
    description: z.string(),
    /** The clip whose cover is the collection's; null = the first clip's. */
    coverMaterialId: z.number().nullable(),
    cover: z.string().nullable(),
    /** In play order. */
    materialIds: z.array(z.number()),
    status: CollectionStatus,
    publishedAt: z.number().nullable(),
    createdAt: z.number(),
    updatedAt: z.number(),
    /** Issue 30: its cover's resized copies and placeholder, by the cover's URL. */
    pictures: PictureMap.optional(),
  }),
);
export type Collection = z.infer<typeof Collection>;

/** What a visitor's embed needs of a published clip. */
export const PublicMaterial = z.lazy(() =>
  z.object({
    id: z.number(),
    title: z.string(),
    description: z.string(),
    duration: z.number(),
    width: z.number(),
    height: z.number(),
    url: z.string(),
    poster: z.string().nullable(),
    publishedAt: z.number(),
    /** Issue 30: the poster's resized copies and placeholder, by the poster's URL. */
    pictures: PictureMap.optional(),
  }),
);
export type PublicMaterial = z.infer<typeof PublicMaterial>;

export const PublicCollection = z.lazy(() =>
  z.object({
    id: z.number(),
    title: z.string(),
    description: z.string(),
    cover: z.string().nullable(),
    items: z.array(PublicMaterial),
    /** Issue 30: its cover's resized copies and placeholder, by the cover's URL. */
    pictures: PictureMap.optional(),
  }),
);
export type PublicCollection = z.infer<typeof PublicCollection>;

export const SourceEntry = z.lazy(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('dir'), name: z.string(), path: z.string() }),
    z.object({
      type: z.literal('video'),
      name: z.string(),
      path: z.string(),
      size: z.number(),
      modifiedAt: z.number(),
      duration: z.number().nullable(),
      width: z.number().nullable(),
      height: z.number().nullable(),
      videoCodec: z.string().nullable(),
      audioCodec: z.string().nullable(),
      /** Set when ffprobe could not read the file. */
      error: z.string().nullable(),
    }),
  ]),
);
export type SourceEntry = z.infer<typeof SourceEntry>;

const id = z.lazy(() => z.coerce.number().int().positive().max(2_147_483_647));
const title = z.lazy(() => z.string().trim().min(1, 'schema.title.empty').max(100));
const description = z.lazy(() => z.string().max(2000));
const tags = z.lazy(() => z.array(z.string().trim().min(1).max(32)).max(20));
/** A path inside VIDEO_SOURCE_DIR; confinement is checked on the server. */
const sourcePath = z.string().max(1024);
const seconds = z.lazy(() => z.number().min(0).max(86_400));
const keyword = z.lazy(() => z.string().trim().max(64));

const MaterialFilters = z.lazy(() =>
  z.object({
    status: MaterialStatus.optional(),
    keyword: keyword.optional(),
    tag: z.string().trim().max(32).optional(),
  }),
);
export type MaterialFilters = z.infer<typeof MaterialFilters>;

export const MaterialCreate = z.lazy(() =>
  z
    .object({
      title,
      description: description.default(''),
      tags: tags.default([]),
      sourcePath,
      start: seconds,
      end: seconds,
      coverAt: seconds.nullable().optional(),
    })
    .refine((v) => v.end > v.start, { path: ['end'], message: 'schema.videos.endAfterStart' }),
);
export type MaterialCreate = z.infer<typeof MaterialCreate>;

export const MaterialUpdate = z.lazy(() =>
  z
    .object({
      title,
      description,
      tags,
      start: seconds,
      end: seconds.nullable(),
      coverAt: seconds.nullable(),
      /** false takes a published clip off the site (its collections stay). */
      published: z.boolean(),
    })
    .partial()
    .refine((v) => v.start === undefined || v.end == null || v.end > v.start, {
      path: ['end'],
      message: 'schema.videos.endAfterStart',
    }),
);
export type MaterialUpdate = z.infer<typeof MaterialUpdate>;

const Page = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number(), page: z.number(), size: z.number() });

export const MaterialPageBody = z.lazy(() =>
  z.object({
    page: z.number().int().min(1).max(100_000).default(1),
    size: z.number().int().min(1).max(100).default(20),
    filters: MaterialFilters.default({}),
    sort: z
      .object({
        field: z.enum(['createdAt', 'updatedAt', 'title', 'duration']),
        order: z.enum(['asc', 'desc']),
      })
      .default({ field: 'createdAt', order: 'desc' }),
  }),
);
export type MaterialPageBody = z.infer<typeof MaterialPageBody>;

export const CollectionSave = z.lazy(() =>
  z.object({
    id: id.optional(),
    title,
    description: description.default(''),
    coverMaterialId: id.nullable().default(null),
    materialIds: z
      .array(id)
      .max(200)
      .refine((ids) => new Set(ids).size === ids.length, 'schema.videos.clipTwice')
      .default([]),
  }),
);
export type CollectionSave = z.input<typeof CollectionSave>;

/** The fields of `POST /static/video` besides `file` and `thumbnail`. */
export const VideoUploadFields = z.object({
  title: z.string().trim().max(100).optional(),
  description: description.optional(),
  /** Comma-separated. */
  tags: z.string().max(700).optional(),
});

export const videosCalls = {
  /** Lists a folder of VIDEO_SOURCE_DIR: subfolders first, then video files with ffprobe data. */
  videoSource: defineCall(routes.videoSource, () => ({
    query: z.object({ path: sourcePath.default('') }),
    response: z.object({ path: z.string(), entries: z.array(SourceEntry) }),
  })),
  /**
   * A JPEG: with `at`, the frame at that second; else a contact sheet of `count` evenly spaced
   * frames with their times (also in the `x-frame-times` header, comma-separated seconds, laid
   * out `x-sheet-columns` wide, row by row).
   */
  videoSourceScreenshots: defineCall(routes.videoSourceScreenshots, () => ({
    query: z.object({
      path: sourcePath.min(1),
      count: z.coerce.number().int().min(1).max(36).default(12),
      at: z.coerce.number().min(0).max(86_400).optional(),
    }),
    response: z.unknown(),
  })),
  /** The source video's bytes with range requests; the key may ride in the `fingerprint` query. */
  videoSourceFile: defineCall(routes.videoSourceFile, () => ({
    query: z.object({ path: sourcePath.min(1) }),
    response: z.unknown(),
  })),
  videoMaterialCreate: defineCall(routes.videoMaterialCreate, () => ({
    body: MaterialCreate,
    response: Material,
  })),
  videoMaterialList: defineCall(routes.videoMaterialList, () => ({
    query: MaterialFilters,
    response: z.array(Material),
  })),
  videoMaterialPage: defineCall(routes.videoMaterialPage, () => ({
    body: MaterialPageBody,
    response: Page(Material),
  })),
  /** Changing start, end or the cover time processes the clip again. */
  videoMaterialUpdate: defineCall(routes.videoMaterialUpdate, () => ({
    params: z.object({ id }),
    body: MaterialUpdate,
    response: Material,
  })),
  /** 4090 while a published collection holds the clip, unless `force=true`. */
  videoMaterialDelete: defineCall(routes.videoMaterialDelete, () => ({
    params: z.object({ id }),
    query: z.object({ force: z.enum(['true', 'false']).default('false') }),
    response: z.null(),
  })),
  videoCollectionSave: defineCall(routes.videoCollectionSave, () => ({
    body: CollectionSave,
    response: Collection,
  })),
  videoCollectionPage: defineCall(routes.videoCollectionPage, () => ({
    body: z.object({
      page: z.number().int().min(1).max(100_000).default(1),
      size: z.number().int().min(1).max(100).default(20),
      keyword: keyword.optional(),
    }),
    response: Page(Collection),
  })),
  videoCollectionDelete: defineCall(routes.videoCollectionDelete, () => ({
    params: z.object({ id }),
    response: z.null(),
  })),
  videoPublishMaterial: defineCall(routes.videoPublishMaterial, () => ({
    body: z.object({ id }),
    response: Material,
  })),
  /** Publishes the collection and every clip in it; 4090 when one is not ready yet. */
  videoPublishCollection: defineCall(routes.videoPublishCollection, () => ({
    body: z.object({ id }),
    response: Collection,
  })),
  /** New media for a clip from another source (whole file unless start/end are given). */
  videoReupload: defineCall(routes.videoReupload, () => ({
    body: z
      .object({ id, sourcePath, start: seconds.optional(), end: seconds.optional() })
      .refine((v) => v.start === undefined || v.end === undefined || v.end > v.start, {
        path: ['end'],
        message: 'schema.videos.endAfterStart',
      }),
    response: Material,
  })),
  /** Multipart: `file` (a video, by content), optional `thumbnail` (an image) and VideoUploadFields. */
  videoUpload: defineCall(routes.videoUpload, () => ({ response: Material })),
  videoPublicMaterial: defineCall(routes.videoPublicMaterial, () => ({
    params: z.object({ id }),
    response: PublicMaterial,
  })),
  videoPublicCollection: defineCall(routes.videoPublicCollection, () => ({
    params: z.object({ id }),
    response: PublicCollection,
  })),
  videoMedia: defineCall(routes.videoMedia, () => ({
    params: z.object({ id, name: z.string().regex(/^[A-Za-z0-9_-]{8,48}\.(mp4|jpg|png|webp|gif|avif)$/) }),
    response: z.unknown(),
  })),
} satisfies Record<keyof typeof routes, CallDef>;
