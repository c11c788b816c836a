import type { RouteDef } from '../routeDef.ts';

/**
 * Apps that log in as the owner through the Mastodon client API (issue 42): the approval page's
 * calls and the apps beside the API tokens. Approving mints a credential, so like a token it needs
 * a browser session with a fresh login; no token (an app's included) can approve or revoke apps.
 */
export const oauthRoutes = {
  /** What the approval page shows: the app's name and site, and the scopes it asks for. */
  oauthAppInfo: { method: 'GET', path: '/user/oauth/app', access: 'owner', guard: 'session' },
  /** The owner's answer: a redirect (or an out-of-band code) carrying the code or the refusal. */
  oauthDecide: { method: 'POST', path: '/user/oauth/authorize', access: 'owner', guard: 'fresh' },
  /** Every app the owner ever approved, with its scopes and last use. */
  oauthGrantList: { method: 'GET', path: '/user/oauth/grant', access: 'owner', guard: 'session' },
  /** Revokes every token the app holds. */
  oauthGrantRevoke: { method: 'DELETE', path: '/user/oauth/grant/:id', access: 'owner', guard: 'fresh' },
} as const satisfies Record<string, RouteDef>;
