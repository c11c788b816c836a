import { z } from 'zod';
import { type CallDef, defineCall } from '../call.ts';
import { emotesRoutes as routes } from '../routes/emotes.ts';

/**
 * An emote a comment refers to by `code` (e.g. `[doge]`). `text` emotes are a unicode emoji or a
 * kaomoji drawn as text; `image` emotes are a picture URL.
 */
export const Emote = z.object({
  code: z.string(),
  group: z.string(),
  type: z.enum(['text', 'image']),
  value: z.string(),
});
export type Emote = z.infer<typeof Emote>;

export const emotesCalls = {
  emoteList: defineCall(routes.emoteList, { response: z.array(Emote) }),
} satisfies Record<keyof typeof routes, CallDef>;
