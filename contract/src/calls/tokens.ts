import * as z from 'zod';
import { type CallDef, defineCall } from '../call.ts';
import { tokensRoutes as routes } from '../routes/tokens.ts';
import { TOKEN_MODULES, TOKEN_SCOPE_KINDS } from '../tokenScope.ts';
import { IdParams } from './essays.ts';

/** How long a new token lives; `null` (never) is allowed too. */
export const TOKEN_EXPIRY_DAYS = [30, 90, 365] as const;

export const TokenScopeKind = z.enum(TOKEN_SCOPE_KINDS);
/** A route group a `modules` token may write to. */
export const TokenModule = z.enum(TOKEN_MODULES as [string, ...string[]], 'schema.tokens.module');

export const TokenCreateInput = z.lazy(() =>
  z
    .object({
      name: z.string().trim().min(1, 'schema.required').max(60),
      scope: TokenScopeKind,
      /** Only for `modules`: at least one, no repeats. */
      modules: z
        .array(TokenModule)
        .max(TOKEN_MODULES.length)
        .refine((modules) => new Set(modules).size === modules.length, 'schema.tokens.modules.repeated')
        .default([]),
      /** Days until it expires; null: never. */
      expiresInDays: z
        .union([
          z.literal(TOKEN_EXPIRY_DAYS[0]),
          z.literal(TOKEN_EXPIRY_DAYS[1]),
          z.literal(TOKEN_EXPIRY_DAYS[2]),
        ])
        .nullable(),
    })
    .strict()
    .superRefine((input, ctx) => {
      if (input.scope === 'modules' && input.modules.length === 0)
        ctx.addIssue({ code: 'custom', path: ['modules'], message: 'schema.tokens.modules.none' });
      if (input.scope !== 'modules' && input.modules.length > 0)
        ctx.addIssue({ code: 'custom', path: ['modules'], message: 'schema.tokens.modules.unwanted' });
    }),
);
export type TokenCreateInput = z.input<typeof TokenCreateInput>;

export const ApiToken = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: TokenScopeKind,
  modules: z.array(z.string()),
  /** The secret's first characters (`cj_` and a few more), to tell tokens apart and find leaks. */
  prefix: z.string(),
  createdAt: z.number(),
  /** ms epoch; null: never. */
  expiresAt: z.number().nullable(),
  lastUsedAt: z.number().nullable(),
  revokedAt: z.number().nullable(),
});
export type ApiToken = z.infer<typeof ApiToken>;

export const CreatedToken = z.lazy(() =>
  ApiToken.extend({
    /** `cj_` + 43 base64url characters; shown this once, only its SHA-256 is kept. */
    secret: z.string(),
  }),
);
export type CreatedToken = z.infer<typeof CreatedToken>;

export const tokensCalls = {
  tokenList: defineCall(routes.tokenList, () => ({ response: z.array(ApiToken) })),
  tokenCreate: defineCall(routes.tokenCreate, () => ({ body: TokenCreateInput, response: CreatedToken })),
  tokenRevoke: defineCall(routes.tokenRevoke, () => ({ params: IdParams, response: ApiToken })),
} satisfies Record<keyof typeof routes, CallDef>;
