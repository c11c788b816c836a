import type { RouteDef } from '../routes.ts';

/** Waifu gallery (issue 4): dark mode only. */
export const waifuRoutes = {
  waifuList: { method: 'GET', path: '/blog/waifu', access: 'dark' },
} as const satisfies Record<string, RouteDef>;
