import type { RouteDef } from '../routeDef.ts';

/**
 * Emotes (issue 4): the set comment codes such as `[doge]` resolve to (public), and the owner's
 * calls that add pictures to it from a remote emote index or a Bilibili emote package.
 */
export const emotesRoutes = {
  emoteList: { method: 'GET', path: '/blog/emote/list', access: 'public' },
  emoteSelf: { method: 'GET', path: '/blog/emote/self', access: 'owner' },
  emoteRemote: { method: 'GET', path: '/blog/emote/remote', access: 'owner' },
  emoteSelect: { method: 'GET', path: '/blog/emote/select/:id', access: 'owner' },
  emoteBilibili: { method: 'POST', path: '/blog/emote/bilibili', access: 'owner' },
  /** Ours: removes one of the owner's emotes (a built-in with its code shows again). */
  emoteDelete: { method: 'DELETE', path: '/blog/emote/self/:id', access: 'owner' },
} as const satisfies Record<string, RouteDef>;
