import type { RouteDef } from '../routeDef.ts';

/** Uploads of the owner's media (issue 10: images for essays and moments). */
export const mediaRoutes = {
  /** multipart `file` → `{url, width, height}`. */
  imageUpload: { method: 'POST', path: '/static/image', access: 'owner' },
} as const satisfies Record<string, RouteDef>;
