import { z } from 'zod';
import { type CallDef, defineCall } from '../call.ts';
import { linksRoutes as routes } from '../routes/links.ts';

/** 1 normal, 2 lost contact (shown as offline), 3 one-way. */
export const LinkState = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type LinkState = z.infer<typeof LinkState>;

export const FriendLink = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  /** Image URL, or empty. */
  avatar: z.string(),
  description: z.string(),
  state: LinkState,
});
export type FriendLink = z.infer<typeof FriendLink>;

/** In the owner's order; the footer shuffles them. */
export const linkList = defineCall(routes.linkList, { response: z.array(FriendLink) });

/** Friend links (issue 4). Keyed like `linksRoutes`. */
export const linksCalls = { linkList } satisfies Record<string, CallDef>;
