import * as z from 'zod';
import { type CallDef, defineCall } from '../call.ts';
import { emotesRoutes as routes } from '../routes/emotes.ts';

/**
 * An emote a comment refers to by `code` (e.g. `[doge]`). `text` emotes are a unicode emoji or a
 * kaomoji drawn as text; `image` emotes are a picture URL.
 */
export const Emote = z.lazy(() =>
  z.object({
    code: z.string(),
    group: z.string(),
    type: z.enum(['text', 'image']),
    value: z.string(),
  }),
);
export type Emote = z.infer<typeof Emote>;

/** One of the owner's own (picture) emotes. */
export const OwnEmote = z.lazy(() =>
  z.object({
    id: z.number(),
    code: z.string(),
    group: z.string(),
    url: z.string(),
    source: z.enum(['remote', 'bilibili']),
    createdAt: z.number(),
  }),
);
export type OwnEmote = z.infer<typeof OwnEmote>;

/** An entry of the remote emote index, not yet among the owner's. */
export const RemoteEmote = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    group: z.string(),
    url: z.string(),
    /** Already among the owner's emotes. */
    selected: z.boolean(),
  }),
);
export type RemoteEmote = z.infer<typeof RemoteEmote>;

const remoteId = z.lazy(() => z.string().regex(/^[\w.-]{1,64}$/, 'schema.emotes.id'));

export const emotesCalls = {
  /** Built-in emotes, then the owner's (an owner emote with a built-in's code replaces it). */
  emoteList: defineCall(routes.emoteList, () => ({ response: z.array(Emote) })),
  emoteSelf: defineCall(routes.emoteSelf, () => ({ response: z.array(OwnEmote) })),
  emoteRemote: defineCall(routes.emoteRemote, () => ({
    query: z.object({ keyword: z.string().trim().max(32).optional() }),
    response: z.array(RemoteEmote),
  })),
  /** Adds a remote index entry to the owner's emotes (again: refreshes its picture). */
  emoteSelect: defineCall(routes.emoteSelect, () => ({
    params: z.object({ id: remoteId }),
    response: OwnEmote,
  })),
  /** Imports every emote of a Bilibili emote package into a group named after the package. */
  emoteBilibili: defineCall(routes.emoteBilibili, () => ({
    body: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
    response: z.object({ group: z.string(), count: z.number() }),
  })),
  emoteDelete: defineCall(routes.emoteDelete, () => ({
    params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
    response: z.null(),
  })),
} satisfies Record<keyof typeof routes, CallDef>;
