import { z } from 'zod';
import { type CallDef, defineCall } from '../call.ts';
import { waifuRoutes as routes } from '../routes/waifu.ts';

export const Waifu = z.object({
  id: z.number().int(),
  url: z.string(),
  /** Pixel size, known up front so the masonry lays out before images load. */
  width: z.number().int(),
  height: z.number().int(),
  title: z.string(),
});
export type Waifu = z.infer<typeof Waifu>;

/** Newest first. */
export const waifuList = defineCall(routes.waifuList, { response: z.array(Waifu) });

/** Waifu gallery (issue 4). Keyed like `waifuRoutes`. */
export const waifuCalls = { waifuList } satisfies Record<string, CallDef>;
