import { z } from 'zod';
import type { CallDef } from '../call.ts';
import { defineCall } from '../call.ts';
import { cursorPage } from '../envelope.ts';
import { essaysRoutes as routes } from '../routes/essays.ts';

/** A positive integer id in the path. */
export const IdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** `start` is the last id the client already has (exclusive); absent = from the newest. */
export const CursorQuery = z.object({
  start: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** Free text; `#<id>` (essays) fetches one item directly. Blank means no filter. */
  keyword: z.string().trim().max(100).optional(),
});
export type CursorQuery = z.infer<typeof CursorQuery>;

export const Essay = z.object({
  id: z.number().int(),
  /** Markdown; `[music:<id>]` on a line of its own is a music card. */
  content: z.string(),
  /** Hidden essays are seen by the owner only. */
  hide: z.boolean(),
  /** Publish time (ms); until then only the owner sees the essay. */
  reservation: z.number().int().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type Essay = z.infer<typeof Essay>;

export const EssayPage = cursorPage(Essay);
export type EssayPage = z.infer<typeof EssayPage>;

/** Online page size, the same as the offline snapshot's (spec §9). */
export const essayPageSize = 10;

export const essayList = defineCall(routes.essayList, { query: CursorQuery, response: EssayPage });
export const essayDetail = defineCall(routes.essayDetail, { params: IdParams, response: Essay });

/** Essays and reservations (issue 4). Keyed like `essaysRoutes`. */
export const essaysCalls = { essayList, essayDetail } satisfies Record<string, CallDef>;
