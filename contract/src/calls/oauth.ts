import * as z from 'zod';
import { type CallDef, defineCall } from '../call.ts';
import { oauthRoutes as routes } from '../routes/oauth.ts';
import { IdParams } from './essays.ts';

/** The authorize request as the app sent it to `GET /oauth/authorize` (the page passes it on). */
export const OauthRequest = z.object({
  clientId: z.string().min(1).max(100),
  redirectUri: z.string().min(1).max(1000),
  /** Space-separated; empty: `read`. */
  scope: z.string().max(1000).default(''),
});
export type OauthRequest = z.input<typeof OauthRequest>;

export const OauthAppInfo = z.lazy(() =>
  z.object({
    name: z.string(),
    website: z.string().nullable(),
    scopes: z.array(z.string()),
    redirectUri: z.string(),
  }),
);
export type OauthAppInfo = z.infer<typeof OauthAppInfo>;

export const OauthDecision = z.lazy(() =>
  OauthRequest.extend({
    state: z.string().max(1000).optional(),
    codeChallenge: z.string().max(128).optional(),
    codeChallengeMethod: z.string().max(10).optional(),
    approve: z.boolean(),
  }).strict(),
);
export type OauthDecision = z.input<typeof OauthDecision>;

/** Where the browser goes next; for the out-of-band redirect, the code to copy instead. */
export const OauthDecided = z.lazy(() =>
  z.object({ redirectTo: z.string().nullable(), code: z.string().nullable() }),
);
export type OauthDecided = z.infer<typeof OauthDecided>;

export const OauthGrant = z.lazy(() =>
  z.object({
    /** The app's id. */
    id: z.number().int(),
    name: z.string(),
    website: z.string().nullable(),
    /** Every scope its live tokens hold (or held, once revoked). */
    scopes: z.array(z.string()),
    /** Its first approval. */
    createdAt: z.number(),
    lastUsedAt: z.number().nullable(),
    /** Null while a token is live; when the last one was revoked otherwise. */
    revokedAt: z.number().nullable(),
  }),
);
export type OauthGrant = z.infer<typeof OauthGrant>;

export const oauthCalls = {
  oauthAppInfo: defineCall(routes.oauthAppInfo, () => ({ query: OauthRequest, response: OauthAppInfo })),
  oauthDecide: defineCall(routes.oauthDecide, () => ({ body: OauthDecision, response: OauthDecided })),
  oauthGrantList: defineCall(routes.oauthGrantList, () => ({ response: z.array(OauthGrant) })),
  oauthGrantRevoke: defineCall(routes.oauthGrantRevoke, () => ({ params: IdParams, response: OauthGrant })),
} satisfies Record<keyof typeof routes, CallDef>;
