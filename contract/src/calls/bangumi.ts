import { z } from 'zod';
import { type CallDef, defineCall } from '../call.ts';
import { bangumiRoutes as routes } from '../routes/bangumi.ts';

export const bangumiStatuses = ['wish', 'watching', 'watched', 'on_hold', 'dropped'] as const;
export const BangumiStatus = z.enum(bangumiStatuses);
export type BangumiStatus = z.infer<typeof BangumiStatus>;

export const Bangumi = z.object({
  id: z.number().int(),
  /** The subject id on bangumi.tv, when the entry came from there. */
  subjectId: z.number().int().nullable(),
  title: z.string(),
  titleCn: z.string(),
  /** Cover image URL, or empty. */
  cover: z.string(),
  /** YYYY-MM-DD. */
  airDate: z.string().nullable(),
  episodesWatched: z.number().int(),
  episodesTotal: z.number().int().nullable(),
  status: BangumiStatus,
  /** The owner's rating, 1–10. */
  rating: z.number().int().nullable(),
  review: z.string(),
  tags: z.array(z.string()),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type Bangumi = z.infer<typeof Bangumi>;

export const BangumiQuery = z.object({
  /** Matches title, Chinese title, review and tags. */
  keyword: z.string().trim().max(100).optional(),
});

/** Every entry, most recently updated first; the page groups them by status. */
export const bangumiList = defineCall(routes.bangumiList, {
  query: BangumiQuery,
  response: z.array(Bangumi),
});

/** Anime list (issue 4). Keyed like `bangumiRoutes`. */
export const bangumiCalls = { bangumiList } satisfies Record<string, CallDef>;
