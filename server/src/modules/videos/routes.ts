import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { videosCalls as calls, VideoUploadFields } from '@candy/contract/calls/videos';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../http/errors.ts';
import { randomName, readMultipart } from '../../http/multipart.ts';
import { callerLanguage } from '../../http/pageLanguage.ts';
import type { PublicCache } from '../../http/publicCache.ts';
import { sendRaw, serveRanged } from '../../http/rangedReply.ts';
import type { Router } from '../../http/router.ts';
import { UploadTypes } from '../../http/uploads.ts';
import { said } from '../../i18n/said.ts';
import type { BlobStorage } from '../../storage/index.ts';
import type { VideosService } from './service.ts';
import type { VideoSources } from './sources.ts';

const serveBlob = async (
  storage: BlobStorage,
  key: string,
  cacheControl: string,
  req: FastifyRequest,
  reply: FastifyReply,
) => {
  const stat = await storage.stat(key);
  if (!stat) throw notFound(said('error.files.notFound'));
  const type = stat.contentType ?? BLOB_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
  await serveRanged(
    { size: stat.size, type, open: (range) => storage.get(key, range) },
    cacheControl,
    req,
    reply,
  );
};

const BLOB_TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
};

const SOURCE_TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.mov': 'video/quicktime',
  '.webm': 'video/webm',
  '.mkv': 'video/x-matroska',
};

export const videosRoutes = (
  router: Router,
  deps: {
    videos: VideosService;
    sources: VideoSources;
    storage: BlobStorage;
    cache: PublicCache;
    uploadMax: number;
  },
): void => {
  const { videos, sources, storage, cache } = deps;
  router.route(calls.videoSource, ({ query, req }) => sources.list(query.path, callerLanguage(req)));
  router.route(calls.videoSourceScreenshots, async ({ query, req, reply }) => {
    const shot = await sources.screenshots(query.path, query.count, query.at);
    await sendRaw(
      reply,
      200,
      {
        'content-type': 'image/jpeg',
        'cache-control': 'private, max-age=300',
        'content-length': shot.jpeg.length,
        'x-frame-times': shot.times.join(','),
        'x-sheet-columns': shot.columns,
      },
      shot.jpeg,
      req,
    );
    return null;
  });
  router.route(
    calls.videoSourceFile,
    async ({ query, req, reply }) => {
      const { abs } = await sources.videoFile(query.path);
      const { size } = await stat(abs);
      const type = SOURCE_TYPES[path.extname(abs).toLowerCase()] ?? 'application/octet-stream';
      await serveRanged(
        { size, type, open: async (range) => createReadStream(abs, range ?? {}) },
        'private, no-store',
        req,
        reply,
      );
      return null;
    },
    { keyFromQuery: true },
  );
  router.route(calls.videoMaterialCreate, ({ body }) => videos.createMaterial(body));
  router.route(calls.videoMaterialList, ({ query }) => videos.list(query));
  router.route(calls.videoMaterialPage, ({ body }) => videos.page(body));
  router.route(calls.videoMaterialUpdate, ({ params, body }) => videos.update(params.id, body));
  router.route(calls.videoMaterialDelete, ({ params, query }) =>
    videos.remove(params.id, query.force === 'true'),
  );
  router.route(calls.videoCollectionSave, ({ body }) => videos.saveCollection(body));
  router.route(calls.videoCollectionPage, ({ body }) => videos.collectionPage(body));
  router.route(calls.videoCollectionDelete, ({ params }) => videos.removeCollection(params.id));
  router.route(calls.videoPublishMaterial, ({ body }) => videos.publishMaterial(body.id));
  router.route(calls.videoPublishCollection, ({ body }) => videos.publishCollection(body.id));
  router.route(calls.videoReupload, ({ body }) => videos.reupload(body));
  router.route(calls.videoUpload, async ({ req }) => {
    const { files, fields } = await readMultipart(
      req,
      storage,
      {
        file: {
          allowed: UploadTypes.video,
          maxBytes: deps.uploadMax,
          keyFor: (type) => `videos/uploads/${randomName()}.${type.ext}`,
        },
        thumbnail: {
          allowed: UploadTypes.image,
          maxBytes: 10 * 1024 * 1024,
          required: false,
          keyFor: (type) => `videos/uploads/thumb-${randomName()}.${type.ext}`,
        },
      },
      VideoUploadFields,
    );
    return videos.createFromUpload(files, fields);
  });

  const rule = { tags: ['video'], view: () => 'visitor' as const } as const;
  router.route(
    calls.videoPublicMaterial,
    cache.handler(rule, ({ params }) => videos.publicMaterial(params.id)),
  );
  router.route(
    calls.videoPublicCollection,
    cache.handler(rule, ({ params }) => videos.publicCollection(params.id)),
  );
  router.route(
    calls.videoMedia,
    async ({ params, owner, req, reply }) => {
      const { key, published } = await videos.media(params.id, params.name, owner !== null);
      // A published file's name changes whenever its bytes do, so it may be cached for good.
      await serveBlob(
        storage,
        key,
        published ? 'public, max-age=31536000, immutable' : 'private, no-store',
        req,
        reply,
      );
      return null;
    },
    { keyFromQuery: true },
  );
};
