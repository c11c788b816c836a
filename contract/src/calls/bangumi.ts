import * as z from 'zod';
import { type CallDef, defineCall } from '../call.ts';
import { PictureMap } from '../picture.ts';
import { bangumiRoutes as routes } from '../routes/bangumi.ts';
import { Deleted, IdParams } from './essays.ts';

export const bangumiStatuses = ['wish', 'watching', 'watched', 'on_hold', 'dropped'] as const;
export const BangumiStatus = z.enum(bangumiStatuses);
export type BangumiStatus = z.infer<typeof BangumiStatus>;

export const Bangumi = z.lazy(() =>
  z.object({
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
    /** Issue 30: its cover by URL (size, placeholder, resized copies) when we store it. Answered by the list. */
    pictures: PictureMap.optional(),
  }),
);
export type Bangumi = z.infer<typeof Bangumi>;

export const BangumiQuery = z.lazy(() =>
  z.object({
    /** Matches title, Chinese title, review and tags. */
    keyword: z.string().trim().max(100).optional(),
  }),
);

/** Every entry, most recently updated first; the page groups them by status. */
export const bangumiList = defineCall(routes.bangumiList, () => ({
  query: BangumiQuery,
  response: z.array(Bangumi),
}));

/** A subject as Bangumi describes it (issue 11), shaped for our pages. */
export const BangumiSubject = z.lazy(() =>
  z.object({
    subjectId: z.number().int(),
    title: z.string(),
    titleCn: z.string(),
    /** Bangumi's cover URL (copied into our storage when the owner adds the subject), or empty. */
    cover: z.string(),
    airDate: z.string().nullable(),
    episodes: z.number().int().nullable(),
    summary: z.string(),
    tags: z.array(z.string()),
    /** Bangumi's average score, 0–10. */
    rating: z.number().nullable(),
  }),
);
export type BangumiSubject = z.infer<typeof BangumiSubject>;

export const BangumiSubjectPage = z.lazy(() =>
  z.object({
    total: z.number().int(),
    list: z.array(BangumiSubject),
  }),
);
export type BangumiSubjectPage = z.infer<typeof BangumiSubjectPage>;

const SubjectId = z.lazy(() => z.coerce.number().int().positive().max(2_147_483_647));
const DateText = z.lazy(() => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'schema.bangumi.date'));
const CoverUrl = z.lazy(() =>
  z.union([
    z.literal(''),
    z
      .string()
      .trim()
      .max(500)
      .regex(/^(https?:\/\/|\/files\/)/i, 'schema.bangumi.cover'),
  ]),
);
const Tags = z.lazy(() => z.array(z.string().trim().min(1).max(30)).max(30));

export const BangumiInput = z.lazy(() =>
  z.object({
    subjectId: SubjectId.nullable().default(null),
    title: z.string().trim().min(1).max(200),
    titleCn: z.string().trim().max(200).default(''),
    /** An http(s) cover is downloaded into our storage; the entry keeps our copy. */
    cover: CoverUrl.default(''),
    airDate: DateText.nullable().default(null),
    episodesWatched: z.number().int().min(0).max(100_000).default(0),
    episodesTotal: z.number().int().min(0).max(100_000).nullable().default(null),
    status: BangumiStatus.default('wish'),
    rating: z.number().int().min(1).max(10).nullable().default(null),
    review: z.string().max(5000).default(''),
    tags: Tags.default([]),
  }),
);
export type BangumiInput = z.input<typeof BangumiInput>;

export const BangumiPatch = z.lazy(() =>
  z.object({
    title: z.string().trim().min(1).max(200).optional(),
    titleCn: z.string().trim().max(200).optional(),
    cover: CoverUrl.optional(),
    airDate: DateText.nullable().optional(),
    episodesWatched: z.number().int().min(0).max(100_000).optional(),
    episodesTotal: z.number().int().min(0).max(100_000).nullable().optional(),
    status: BangumiStatus.optional(),
    rating: z.number().int().min(1).max(10).nullable().optional(),
    review: z.string().max(5000).optional(),
    tags: Tags.optional(),
  }),
);
export type BangumiPatch = z.infer<typeof BangumiPatch>;

export const bangumiBySubjectId = defineCall(routes.bangumiBySubjectId, () => ({
  query: z.object({ subjectId: SubjectId }),
  response: BangumiSubject,
}));
/** Anime subjects matching a keyword, `start` = how many to skip (pages of 20). */
export const bangumiByKeyword = defineCall(routes.bangumiByKeyword, () => ({
  query: z.object({
    keyword: z.string().trim().min(1).max(100),
    start: z.coerce.number().int().min(0).max(10_000).default(0),
  }),
  response: BangumiSubjectPage,
}));
/** Anime that first aired in a month (`YYYY-MM`), pages of 20 from 1. */
export const bangumiByAirDate = defineCall(routes.bangumiByAirDate, () => ({
  query: z.object({
    airDate: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'schema.bangumi.month'),
    page: z.coerce.number().int().min(1).max(500).default(1),
  }),
  response: BangumiSubjectPage,
}));
/** 4090 when the subject is already on the list. */
export const bangumiCreate = defineCall(routes.bangumiCreate, () => ({
  body: BangumiInput,
  response: Bangumi,
}));
export const bangumiUpdate = defineCall(routes.bangumiUpdate, () => ({
  params: IdParams,
  body: BangumiPatch,
  response: Bangumi,
}));
export const bangumiDelete = defineCall(routes.bangumiDelete, () => ({
  params: IdParams,
  response: Deleted,
}));

/** Anime list (issues 4, 11). Keyed like `bangumiRoutes`. */
export const bangumiCalls = {
  bangumiList,
  bangumiBySubjectId,
  bangumiByKeyword,
  bangumiByAirDate,
  bangumiCreate,
  bangumiUpdate,
  bangumiDelete,
} satisfies Record<string, CallDef>;
