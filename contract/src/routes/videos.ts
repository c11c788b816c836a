import type { RouteDef } from '../routeDef.ts';

/**
 * Video clips and collections (issue 15): the owner's source browser, clips (materials) cut from
 * sources or uploaded, collections, publishing, and the public reads that embeds in essays use.
 */
export const videosRoutes = {
  videoSource: { method: 'GET', path: '/video/source', access: 'owner' },
  videoSourceScreenshots: { method: 'GET', path: '/video/source/screenshots', access: 'owner' },
  /** The source file itself (ranges), for previewing a range in the browser's player. */
  videoSourceFile: { method: 'GET', path: '/video/source/file', access: 'owner' },
  videoMaterialCreate: { method: 'POST', path: '/video/material', access: 'owner' },
  videoMaterialList: { method: 'GET', path: '/video/material', access: 'owner' },
  videoMaterialPage: { method: 'POST', path: '/video/material/page', access: 'owner' },
  videoMaterialUpdate: { method: 'PUT', path: '/video/material/:id', access: 'owner' },
  videoMaterialDelete: { method: 'DELETE', path: '/video/material/:id', access: 'owner' },
  videoCollectionSave: { method: 'POST', path: '/video/collection', access: 'owner' },
  videoCollectionPage: { method: 'POST', path: '/video/collection/page', access: 'owner' },
  videoCollectionDelete: { method: 'DELETE', path: '/video/collection/:id', access: 'owner' },
  videoPublishMaterial: { method: 'POST', path: '/video/publish/material', access: 'owner' },
  videoPublishCollection: { method: 'POST', path: '/video/publish/collection', access: 'owner' },
  videoReupload: { method: 'POST', path: '/video/reupload', access: 'owner' },
  videoUpload: { method: 'POST', path: '/static/video', access: 'owner' },
  /** Public: a published clip for an `[video:ID]` embed (4040 when unpublished or deleted). */
  videoPublicMaterial: { method: 'GET', path: '/video/public/material/:id', access: 'public' },
  /** Public: a published collection's clips for a `[collection:ID]` embed. */
  videoPublicCollection: { method: 'GET', path: '/video/public/collection/:id', access: 'public' },
  /**
   * The media bytes (`{rev}.mp4`, `{rev}.jpg`) with range requests: public once published
   * (long-cached, the name changes with the media), the owner's preview before that
   * (the access key may ride in the `fingerprint` query, as a `<video>` cannot send headers).
   */
  videoMedia: { method: 'GET', path: '/video/media/:id/:name', access: 'public' },
} as const satisfies Record<string, RouteDef>;
