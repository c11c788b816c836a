import * as z from 'zod';
import { type CallDef, defineCall } from '../call.ts';
import { hitokotoRoutes as routes } from '../routes/hitokoto.ts';

/** Longest quote, in characters, for each device flag (`mobile` wins when both are set). */
export const hitokotoMaxLength = { pc: 60, mobile: 30 } as const;

const flag = z.lazy(() =>
  z
    .enum(['', 'true', 'false', '1', '0'])
    .optional()
    .transform((value) => value === 'true' || value === '1'),
);

export const HitokotoQuery = z.object({
  /** Ids the client has already shown, comma-joined; at most 1000. */
  exclude: z
    .string()
    .max(12_000)
    .regex(/^[\d,]*$/, 'schema.idList')
    .optional()
    .transform((value) => (value ?? '').split(',').filter(Boolean).map(Number))
    .pipe(z.array(z.number().int().positive().max(2_147_483_647)).max(1000)),
  pc: flag,
  mobile: flag,
});
export type HitokotoQuery = z.infer<typeof HitokotoQuery>;

export const Hitokoto = z.lazy(() =>
  z.object({
    id: z.number().int(),
    hitokoto: z.string(),
    /** sentences-bundle category letter: a anime … i poetry, k philosophy, l wit. */
    type: z.string(),
    /** The work it comes from. */
    from: z.string(),
    /** Its author, when known. */
    fromWho: z.string().nullable(),
    /** Length in characters. */
    length: z.number().int(),
  }),
);
export type Hitokoto = z.infer<typeof Hitokoto>;

export const hitokotoRandom = defineCall(routes.hitokotoRandom, () => ({
  query: HitokotoQuery,
  response: Hitokoto,
}));

/** Quotes (issue 4). Keyed like `hitokotoRoutes`. */
export const hitokotoCalls = { hitokotoRandom } satisfies Record<string, CallDef>;
