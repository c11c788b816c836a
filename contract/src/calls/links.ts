import * as z from 'zod';
import { type CallDef, defineCall } from '../call.ts';
import { linksRoutes as routes } from '../routes/links.ts';
import { Deleted, IdParams } from './essays.ts';

/** 1 normal, 2 lost contact (shown as offline), 3 one-way. */
export const LinkState = z.lazy(() => z.union([z.literal(1), z.literal(2), z.literal(3)]));
export type LinkState = z.infer<typeof LinkState>;

export const FriendLink = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    url: z.string(),
    /** Image URL, or empty. */
    avatar: z.string(),
    description: z.string(),
    state: LinkState,
  }),
);
export type FriendLink = z.infer<typeof FriendLink>;

/** An absolute http(s) URL; anything else (javascript:, data:, relative) is refused. */
export const HttpUrl = z.lazy(() =>
  z
    .string()
    .trim()
    .max(500)
    .regex(/^https?:\/\/[^\s/?#]+[^\s]*$/i, 'schema.links.url'),
);

export const LinkInput = z.lazy(() =>
  z.object({
    name: z.string().trim().min(1).max(50),
    url: HttpUrl,
    avatar: z.union([z.literal(''), HttpUrl]).default(''),
    description: z.string().trim().max(200).default(''),
    state: z.coerce.number().pipe(LinkState).default(1),
  }),
);
export type LinkInput = z.input<typeof LinkInput>;

export const LinkPatch = z.lazy(() =>
  z.object({
    name: z.string().trim().min(1).max(50).optional(),
    url: HttpUrl.optional(),
    avatar: z.union([z.literal(''), HttpUrl]).optional(),
    description: z.string().trim().max(200).optional(),
    state: z.coerce.number().pipe(LinkState).optional(),
  }),
);

/** In the owner's order; the footer shuffles them. */
export const linkList = defineCall(routes.linkList, () => ({ response: z.array(FriendLink) }));
export const linkCreate = defineCall(routes.linkCreate, () => ({ body: LinkInput, response: FriendLink }));
export const linkUpdate = defineCall(routes.linkUpdate, () => ({
  params: IdParams,
  body: LinkPatch,
  response: FriendLink,
}));
export const linkDelete = defineCall(routes.linkDelete, () => ({ params: IdParams, response: Deleted }));

/** Friend links (issues 4, 11). Keyed like `linksRoutes`. */
export const linksCalls = { linkList, linkCreate, linkUpdate, linkDelete } satisfies Record<string, CallDef>;
