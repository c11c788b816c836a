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

export interface RouteDef {
  method: HttpMethod;
  /** The spec's path with `:name` placeholders, relative to the API base. */
  path: string;
  access: Access;
}
