/**
 * The shape of a route, below both the route table (`routes.ts`) and the call definitions
 * (`call.ts`), so neither imports the other.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may make a call. `owner` calls are refused by the server without a live access key; `dark`
 * calls need the dark-mode decode key or the owner. The server registers routes only through call
 * definitions, so the access level can never be left out.
 */
export type Access = 'public' | 'dark' | 'owner';

/**
 * A stricter owner check for the security settings (DESIGN §11). `session`: only a browser session's
 * access key, never an API token (4030). `fresh`: that, and a login (password or passkey) within the
 * last `FRESH_LOGIN_MS`; an older session is refused with 4037 until the owner confirms again.
 */
export type OwnerGuardLevel = 'session' | 'fresh';

/** How recent a login must be for a `fresh` call. */
export const FRESH_LOGIN_MS = 10 * 60_000;

export interface RouteDef {
  method: HttpMethod;
  /** The spec's path with `:name` placeholders, relative to the API base. */
  path: string;
  access: Access;
  /** Only on owner calls: see `OwnerGuardLevel`. */
  guard?: OwnerGuardLevel;
}
