import type { RouteDef } from '../routeDef.ts';

/**
 * Webmention (issue 29 point 4, W3C Webmention): our receiving endpoint. Public pages advertise it
 * (`Link: <…/webmention>; rel="webmention"` and `<link rel="webmention">`).
 */
export const webmentionRoutes = {
  /**
   * Receives a Webmention: form-encoded (or JSON) `source` and `target`. Answers 202 Accepted with
   * the envelope; the source is verified later by a job, and a verified mention joins the comments.
   */
  webmentionReceive: { method: 'POST', path: '/webmention', access: 'public' },
} as const satisfies Record<string, RouteDef>;
