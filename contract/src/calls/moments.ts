import * as z from 'zod';
import { type CallDef, defineCall } from '../call.ts';
import { cursorPage } from '../envelope.ts';
import { PictureMap } from '../picture.ts';
import { momentsRoutes as routes } from '../routes/moments.ts';
import { CursorQuery, IdParams } from './essays.ts';

export const MomentImage = z.lazy(() =>
  z.object({
    url: z.string(),
    width: z.number().int(),
    height: z.number().int(),
  }),
);
export type MomentImage = z.infer<typeof MomentImage>;

export const Moment = z.lazy(() =>
  z.object({
    id: z.number().int(),
    content: z.string(),
    images: z.array(MomentImage),
    createdAt: z.number().int(),
    updatedAt: z.number().int(),
    /** Issue 30: its pictures by URL (size, placeholder, resized copies). Answered by the list. */
    pictures: PictureMap.optional(),
  }),
);
export type Moment = z.infer<typeof Moment>;

export const MomentPage = cursorPage(Moment);
export type MomentPage = z.infer<typeof MomentPage>;

export const momentPageSize = 10;

/** `YYYY-MM-DD` in the caller's time zone. */
const LocalDate = z.lazy(() => z.string().regex(/^\d{4}-\d{2}-\d{2}$/));

export const DayCount = z.lazy(() => z.object({ date: LocalDate, count: z.number().int() }));
export type DayCount = z.infer<typeof DayCount>;

export const StatisticsQuery = z.lazy(() => z.object({ type: z.enum(['day', 'hour']) }));

export const MomentStatistics = z.lazy(() =>
  z.discriminatedUnion('type', [
    z.object({
      type: z.literal('day'),
      /** The caller's UTC offset the days were cut with (from X-Local-Time). */
      utcOffsetMinutes: z.number().int(),
      /** 365 days, oldest first, ending today; days without moments count 0. */
      days: z.array(DayCount),
    }),
    z.object({
      type: z.literal('hour'),
      utcOffsetMinutes: z.number().int(),
      /** 24 counts over the same 365 days: index = local hour of the day. */
      hours: z.array(z.number().int()).length(24),
    }),
  ]),
);
export type MomentStatistics = z.infer<typeof MomentStatistics>;

export const WeekSummary = z.lazy(() =>
  z.object({
    /** Its Monday. */
    start: LocalDate,
    count: z.number().int(),
    /** Images attached to the week's moments. */
    images: z.number().int(),
    /** The day with the most moments (the earliest on a tie); null for an empty week. */
    busiestDay: DayCount.nullable(),
    /** Most consecutive days with at least one moment. */
    longestStreak: z.number().int(),
  }),
);
export type WeekSummary = z.infer<typeof WeekSummary>;

export const WeekReport = z.lazy(() =>
  z.object({
    utcOffsetMinutes: z.number().int(),
    /** Monday 00:00 up to now. */
    thisWeek: WeekSummary,
    lastWeek: WeekSummary,
  }),
);
export type WeekReport = z.infer<typeof WeekReport>;

export const momentList = defineCall(routes.momentList, () => ({ query: CursorQuery, response: MomentPage }));
export const momentStatistics = defineCall(routes.momentStatistics, () => ({
  query: StatisticsQuery,
  response: MomentStatistics,
}));
export const momentWeekReport = defineCall(routes.momentWeekReport, () => ({ response: WeekReport }));

/** An image of ours (an upload's `/files/…` URL, or any https address) with its size. */
export const MomentImageInput = z.lazy(() =>
  z.strictObject({
    url: z
      .string()
      .max(1000)
      .regex(/^(\/files\/|https:\/\/)[^\s"'<>]+$/, 'schema.moments.image'),
    width: z.number().int().min(1).max(100_000),
    height: z.number().int().min(1).max(100_000),
  }),
);

export const MomentInput = z.lazy(() =>
  z
    .strictObject({
      content: z.string().max(5000).default(''),
      images: z.array(MomentImageInput).max(9).default([]),
    })
    .refine((m) => m.content.trim().length > 0 || m.images.length > 0, {
      message: 'schema.moments.empty',
      path: ['content'],
    }),
);
export type MomentInput = z.input<typeof MomentInput>;

export const momentCreate = defineCall(routes.momentCreate, () => ({ body: MomentInput, response: Moment }));
export const momentUpdate = defineCall(routes.momentUpdate, () => ({
  params: IdParams,
  body: MomentInput,
  response: Moment,
}));
export const momentDelete = defineCall(routes.momentDelete, () => ({
  params: IdParams,
  response: z.object({ id: z.number().int() }),
}));

/** Moments feed, its statistics and the owner's writes (issues 4, 10). Keyed like `momentsRoutes`. */
export const momentsCalls = {
  momentList,
  momentStatistics,
  momentWeekReport,
  momentCreate,
  momentUpdate,
  momentDelete,
} satisfies Record<string, CallDef>;
