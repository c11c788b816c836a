import * as z from 'zod';

/** One entry of `errors[]`: the field path and, per broken rule, a message. */
export const FieldErrorSchema = z.object({
  property: z.string(),
  constraints: z.record(z.string(), z.string()),
});
export type FieldError = z.infer<typeof FieldErrorSchema>;

export const ErrorEnvelopeSchema = z.object({
  code: z.number().int(),
  data: z.null(),
  errorMsg: z.string(),
  errors: z.array(FieldErrorSchema).optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export interface OkEnvelope<T> {
  code: 0;
  data: T;
}

export type Envelope<T> = OkEnvelope<T> | ErrorEnvelope;

export const okEnvelope = <T extends z.ZodType>(data: T) => z.object({ code: z.literal(0), data });

/** Cursor lists (DESIGN §3): `start` is the last id the client already has; newest first. */
export const cursorPage = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), hasMore: z.boolean() });
export type CursorPage<T> = { list: T[]; hasMore: boolean };
