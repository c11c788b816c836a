import * as z from 'zod';
import { type CallDef, defineCall } from '../call.ts';
import { PictureMap } from '../picture.ts';
import { waifuRoutes as routes } from '../routes/waifu.ts';
import { Deleted, IdParams } from './essays.ts';

export const Waifu = z.lazy(() =>
  z.object({
    id: z.number().int(),
    url: z.string(),
    /** A small version for the gallery (about 480 px wide); empty for entries without one. */
    preview: z.string(),
    /** Pixel size, known up front so the masonry lays out before images load. */
    width: z.number().int(),
    height: z.number().int(),
    title: z.string(),
    tags: z.array(z.string()),
    /** Issue 30: the picture's copies and placeholder, by URL. Answered by the gallery's list. */
    pictures: PictureMap.optional(),
  }),
);
export type Waifu = z.infer<typeof Waifu>;

const Tags = z.lazy(() => z.array(z.string().trim().min(1).max(30)).max(30));

/** The text fields of the upload form; `tags` is a comma-separated list. */
export const WaifuUploadFields = z.object({
  title: z.string().trim().max(200).default(''),
  tags: z
    .string()
    .max(1000)
    .default('')
    .transform((s) =>
      s
        .split(/[,\uFF0C]/) // ASCII or full-width comma
        .map((t) => t.trim())
        .filter(Boolean),
    )
    .pipe(Tags),
});

/** In the owner's order (new uploads first). */
export const waifuList = defineCall(routes.waifuList, () => ({ response: z.array(Waifu) }));
/** Multipart: `file` (1–20 images), optional `title` and `tags`; answers the new entries. */
export const waifuUpload = defineCall(routes.waifuUpload, () => ({ response: z.array(Waifu) }));
/** Every id, first first. */
export const waifuOrder = defineCall(routes.waifuOrder, () => ({
  body: z.object({ ids: z.array(z.number().int().positive().max(2_147_483_647)).max(5000) }),
  response: z.array(Waifu),
}));
export const waifuUpdate = defineCall(routes.waifuUpdate, () => ({
  params: IdParams,
  body: z.object({ title: z.string().trim().max(200).optional(), tags: Tags.optional() }),
  response: Waifu,
}));
export const waifuDelete = defineCall(routes.waifuDelete, () => ({ params: IdParams, response: Deleted }));

/** Waifu gallery (issues 4, 11). Keyed like `waifuRoutes`. */
export const waifuCalls = { waifuList, waifuUpload, waifuOrder, waifuUpdate, waifuDelete } satisfies Record<
  string,
  CallDef
>;
