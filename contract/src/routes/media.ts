import type { RouteDef } from '../routeDef.ts';

/** Uploads of the owner's media (issue 10: images for essays and moments). */
export const mediaRoutes = {
  /** multipart `file` → `{url, width, height}`. */
  imageUpload: { method: 'POST', path: '/static/image', access: 'owner' },
  /** Ours (issue 30): how far the image pipeline is — pictures waiting, made, skipped, failed. */
  imageVariantStatus: { method: 'GET', path: '/static/image/variants', access: 'owner' },
  /** Ours: tries every picture whose copies failed again. */
  imageVariantRetry: { method: 'POST', path: '/static/image/variants/retry', access: 'owner' },
  /** Ours: finds the pictures stored before the pipeline (the gallery's, moments', essays') and registers them. */
  imageVariantAdopt: { method: 'POST', path: '/static/image/variants/adopt', access: 'owner' },
} as const satisfies Record<string, RouteDef>;
