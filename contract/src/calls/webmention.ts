import * as z from 'zod';
import { type CallDef, defineCall } from '../call.ts';
import { webmentionRoutes as routes } from '../routes/webmention.ts';

const isHttpUrl = (value: string): boolean => {
  const url = URL.parse(value);
  return url !== null && (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
};

const HttpUrl = z.lazy(() =>
  z.string().trim().min(1, 'schema.required').max(2000).refine(isHttpUrl, 'schema.httpUrl'),
);

/** W3C Webmention §3.2: the page that mentions, and our page it mentions. */
export const WebmentionInput = z.lazy(() =>
  z.object({
    source: HttpUrl,
    target: HttpUrl,
  }),
);
export type WebmentionInput = z.infer<typeof WebmentionInput>;

export const WebmentionAccepted = z.lazy(() =>
  z.object({
    /** The received mention's id (the same for a repeated notification of one source and target). */
    id: z.number().int(),
    /** Always `pending`: the source is fetched and checked after the answer. */
    status: z.literal('pending'),
  }),
);
export type WebmentionAccepted = z.infer<typeof WebmentionAccepted>;

export const webmentionCalls = {
  webmentionReceive: defineCall(routes.webmentionReceive, () => ({
    body: WebmentionInput,
    response: WebmentionAccepted,
  })),
} satisfies Record<keyof typeof routes, CallDef>;
