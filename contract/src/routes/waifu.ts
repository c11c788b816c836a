import type { RouteDef } from '../routeDef.ts';

/** Waifu gallery (issue 4): dark mode only; the owner's uploads and edits (issue 11). */
export const waifuRoutes = {
  waifuList: { method: 'GET', path: '/blog/waifu', access: 'dark' },
  /** multipart: `file` (one or more images), optional `title` and `tags`. */
  waifuUpload: { method: 'POST', path: '/blog/waifu', access: 'owner' },
  waifuOrder: { method: 'PUT', path: '/blog/waifu/order', access: 'owner' },
  waifuUpdate: { method: 'PUT', path: '/blog/waifu/:id', access: 'owner' },
  waifuDelete: { method: 'DELETE', path: '/blog/waifu/:id', access: 'owner' },
} as const satisfies Record<string, RouteDef>;
