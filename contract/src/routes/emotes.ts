import type { RouteDef } from '../routes.ts';

/** Emotes (issue 4): the set comment codes such as `[doge]` resolve to. */
export const emotesRoutes = {
  emoteList: { method: 'GET', path: '/blog/emote/list', access: 'public' },
} as const satisfies Record<string, RouteDef>;
