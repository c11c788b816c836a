import type { RouteDef } from '../routeDef.ts';

/** Music proxy (issue 4): the server asks the NetEase-compatible API of `MUSIC_API_BASE`. */
export const musicRoutes = {
  musicSongDetail: { method: 'GET', path: '/music/song/detail', access: 'public' },
  musicSongUrl: { method: 'GET', path: '/music/song/url', access: 'public' },
} as const satisfies Record<string, RouteDef>;
