import * as z from 'zod';
import type { CallDef } from '../call.ts';
import { defineCall } from '../call.ts';
import { cursorPage } from '../envelope.ts';
import { PictureMap } from '../picture.ts';
import { essaysRoutes as routes } from '../routes/essays.ts';

/** A positive integer id in the path. */
export const IdParams = z.lazy(() => z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }));

/** `start` is the last id the client already has (exclusive); absent = from the newest. */
export const CursorQuery = z.lazy(() =>
  z.object({
    start: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    /** Free text; `#<id>` (essays) fetches one item directly. Blank means no filter. */
    keyword: z.string().trim().max(100).optional(),
  }),
);
export type CursorQuery = z.infer<typeof CursorQuery>;

export const Essay = z.lazy(() =>
  z.object({
    id: z.number().int(),
    /** Markdown; `[music:<id>]` on a line of its own is a music card. */
    content: z.string(),
    /** Hidden essays are seen by the owner only. */
    hide: z.boolean(),
    /** Publish time (ms); until then only the owner sees the essay. */
    reservation: z.number().int().nullable(),
    createdAt: z.number().int(),
    updatedAt: z.number().int(),
    /**
     * Issue 30: the essay's own uploaded pictures by URL (size, placeholder, resized copies), so the
     * page shows each at the size the screen needs. Answered by the reads, not the writes.
     */
    pictures: PictureMap.optional(),
  }),
);
export type Essay = z.infer<typeof Essay>;

export const EssayPage = cursorPage(Essay);
export type EssayPage = z.infer<typeof EssayPage>;

/** Online page size, the same as the offline snapshot's (spec §9). */
export const essayPageSize = 10;

/** Longest essay the writer accepts, in UTF-16 units (about 100 000 Chinese characters). */
export const essayMaxLength = 100_000;

const EssayContent = z.lazy(() =>
  z
    .string()
    .max(essayMaxLength)
    .refine((text) => text.trim().length > 0, { message: 'schema.content.empty' }),
);

/** A publish time (ms); the server also checks it lies in the future when it is set. */
const Reservation = z.lazy(() => z.number().int().positive().max(8_640_000_000_000).nullable());

export const EssayInput = z.strictObject({
  content: EssayContent,
  hide: z.boolean().default(false),
  reservation: Reservation.default(null),
});
export type EssayInput = z.input<typeof EssayInput>;

/** Changed fields only; at least one. */
export const EssayPatch = z.lazy(() =>
  z
    .strictObject({
      content: EssayContent.optional(),
      hide: z.boolean().optional(),
      reservation: Reservation.optional(),
    })
    .refine((patch) => Object.keys(patch).length > 0, { message: 'schema.noChanges' }),
);
export type EssayPatch = z.input<typeof EssayPatch>;

export const ReservationInput = z.lazy(() => z.strictObject({ reservation: Reservation }));

export const Deleted = z.lazy(() => z.object({ id: z.number().int() }));

export const essayList = defineCall(routes.essayList, () => ({ query: CursorQuery, response: EssayPage }));
export const essayDetail = defineCall(routes.essayDetail, () => ({ params: IdParams, response: Essay }));
export const essayCreate = defineCall(routes.essayCreate, () => ({ body: EssayInput, response: Essay }));
export const essayUpdate = defineCall(routes.essayUpdate, () => ({
  params: IdParams,
  body: EssayPatch,
  response: Essay,
}));
/** Deletes the essay and every comment on it. */
export const essayDelete = defineCall(routes.essayDelete, () => ({ params: IdParams, response: Deleted }));
/** Reserved essays not yet published, soonest first. */
export const reservationList = defineCall(routes.reservationList, () => ({ response: z.array(Essay) }));
/** Moves a reservation (to a future time) or clears it (`null`: publish now). */
export const reservationUpdate = defineCall(routes.reservationUpdate, () => ({
  params: IdParams,
  body: ReservationInput,
  response: Essay,
}));

/** Essays and reservations (issues 4, 10). Keyed like `essaysRoutes`. */
export const essaysCalls = {
  essayList,
  essayDetail,
  essayCreate,
  essayUpdate,
  essayDelete,
  reservationList,
  reservationUpdate,
} satisfies Record<string, CallDef>;
