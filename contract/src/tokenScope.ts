import type { HttpMethod, RouteDef } from './routeDef.ts';
import { type RouteGroup, routeGroups } from './routes.ts';

/**
 * What an API token may do (issue 26.4). `read`: every owner GET. `write`: every owner call.
 * `modules`: every owner GET, and writes only within the named route groups. Security settings
 * (routes with a `guard`) refuse every token whatever its scope.
 */
export type TokenScopeKind = 'read' | 'write' | 'modules';
export const TOKEN_SCOPE_KINDS = ['read', 'write', 'modules'] as const satisfies readonly TokenScopeKind[];

export interface TokenScope {
  kind: TokenScopeKind;
  /** Route groups (keys of `routeGroups`) a `modules` token may write to; empty otherwise. */
  modules: string[];
}

const routeKey = (method: string, path: string) => `${method} ${path}`;

const groupByRoute = new Map<string, RouteGroup>(
  (Object.entries(routeGroups) as [RouteGroup, Record<string, RouteDef>][]).flatMap(([group, defs]) =>
    Object.values(defs).map((def) => [routeKey(def.method, def.path), group] as const),
  ),
);

/** The route group a call belongs to, by its method and contract path (`/blog/essay/:id`). */
export const routeGroupOf = (method: HttpMethod | string, path: string): RouteGroup | undefined =>
  groupByRoute.get(routeKey(method, path));

const writesWithoutGuard = (defs: Record<string, RouteDef>) =>
  Object.values(defs).some((def) => def.access === 'owner' && def.method !== 'GET' && !def.guard);

/**
 * The groups a `modules` token can name: those with at least one owner write a token may make.
 * Groups holding only reads or only security settings would grant nothing. The back office names
 * each in the reader's language (`admin.tokens.module.<group>`; the catalogue test holds them).
 */
export const TOKEN_MODULES: readonly RouteGroup[] = (
  Object.entries(routeGroups) as [RouteGroup, Record<string, RouteDef>][]
)
  .filter(([, defs]) => writesWithoutGuard(defs))
  .map(([group]) => group);

/**
 * Whether a token with this scope may make an owner call. Only scope: the security guard (no token
 * on `guard` routes) is checked apart, for sessions and tokens alike.
 */
export const tokenPermits = (scope: TokenScope, call: Pick<RouteDef, 'method' | 'path'>): boolean => {
  if (call.method === 'GET' || scope.kind === 'write') return true;
  if (scope.kind === 'read') return false;
  const group = routeGroupOf(call.method, call.path);
  return group !== undefined && scope.modules.includes(group);
};

/**
 * Mastodon's OAuth scopes (issue 42) that apps may ask for. `read` and `write` cover their
 * `read:…`/`write:…` parts; `follow`, `push` and `profile` are accepted (apps ask for them at
 * login) but grant nothing here: the site follows no one and sends no Web Push to apps.
 */
export const OAUTH_SCOPES = [
  'read',
  'write',
  'follow',
  'push',
  'profile',
  'read:accounts',
  'read:statuses',
  'read:notifications',
  'read:filters',
  'read:lists',
  'read:bookmarks',
  'read:favourites',
  'read:follows',
  'read:search',
  'read:blocks',
  'read:mutes',
  'write:statuses',
  'write:media',
  'write:accounts',
  'write:favourites',
  'write:bookmarks',
  'write:conversations',
  'write:filters',
  'write:follows',
  'write:lists',
  'write:notifications',
  'write:reports',
  'write:blocks',
  'write:mutes',
] as const;
export type OauthScope = (typeof OAUTH_SCOPES)[number];

const knownOauthScopes = new Set<string>(OAUTH_SCOPES);

/** The scopes of a space-separated list (`read write:statuses`), or null when one is unknown. */
export const parseOauthScopes = (text: string | undefined, fallback = 'read'): OauthScope[] | null => {
  const words = (text?.trim() || fallback).split(/[\s+]+/).filter(Boolean);
  if (!words.every((word) => knownOauthScopes.has(word))) return null;
  return [...new Set(words)] as OauthScope[];
};

/** Whether the granted scopes include `required` (`write` covers `write:statuses`, as in Mastodon). */
export const oauthCovers = (granted: readonly string[], required: OauthScope): boolean =>
  granted.includes(required) || granted.includes(required.split(':')[0] ?? required);

/**
 * What an app's token may do on the site's own API, judged like an API token's scope: `write` is a
 * `write` token; `write:statuses` and `write:media` write only moments and essays, or pictures; an
 * app without any of them reads (with `read`) or is refused every owner call.
 */
export const tokenScopeOfOauth = (granted: readonly string[]): TokenScope | null => {
  if (granted.includes('write')) return { kind: 'write', modules: [] };
  const modules = [
    ...(granted.includes('write:statuses') ? ['moments', 'essays'] : []),
    ...(granted.includes('write:media') ? ['media'] : []),
  ];
  if (modules.length > 0) return { kind: 'modules', modules };
  return granted.some((scope) => scope === 'read' || scope.startsWith('read:'))
    ? { kind: 'read', modules: [] }
    : null;
};
