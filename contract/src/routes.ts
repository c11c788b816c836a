import type { RouteDef } from './routeDef.ts';
import { articlesRoutes } from './routes/articles.ts';
import { authRoutes } from './routes/auth.ts';
import { bangumiRoutes } from './routes/bangumi.ts';
import { commentsRoutes } from './routes/comments.ts';
import { dashboardRoutes } from './routes/dashboard.ts';
import { docsRoutes } from './routes/docs.ts';
import { emotesRoutes } from './routes/emotes.ts';
import { essaysRoutes } from './routes/essays.ts';
import { federationRoutes } from './routes/federation.ts';
import { filesRoutes } from './routes/files.ts';
import { healthRoutes } from './routes/health.ts';
import { hitokotoRoutes } from './routes/hitokoto.ts';
import { importersRoutes } from './routes/importers.ts';
import { insightRoutes } from './routes/insight.ts';
import { jobsRoutes } from './routes/jobs.ts';
import { linksRoutes } from './routes/links.ts';
import { logRoutes } from './routes/log.ts';
import { mediaRoutes } from './routes/media.ts';
import { metaRoutes } from './routes/meta.ts';
import { momentsRoutes } from './routes/moments.ts';
import { musicRoutes } from './routes/music.ts';
import { newsletterRoutes } from './routes/newsletter.ts';
import { oauthRoutes } from './routes/oauth.ts';
import { pushRoutes } from './routes/push.ts';
import { replyNoticesRoutes } from './routes/replyNotices.ts';
import { revisionsRoutes } from './routes/revisions.ts';
import { securityRoutes } from './routes/security.ts';
import { systemRoutes } from './routes/system.ts';
import { todosRoutes } from './routes/todos.ts';
import { tokensRoutes } from './routes/tokens.ts';
import { videosRoutes } from './routes/videos.ts';
import { waifuRoutes } from './routes/waifu.ts';
import { webhooksRoutes } from './routes/webhooks.ts';
import { webmentionRoutes } from './routes/webmention.ts';

export type { RouteDef } from './routeDef.ts';

/**
 * The route table's groups, one a domain file in `routes/`. A group's key is the "module" an API
 * token's scope names (issue 26.4), so the route→module map is this object and cannot drift.
 */
export const routeGroups = {
  system: systemRoutes,
  auth: authRoutes,
  essays: essaysRoutes,
  articles: articlesRoutes,
  links: linksRoutes,
  hitokoto: hitokotoRoutes,
  bangumi: bangumiRoutes,
  waifu: waifuRoutes,
  moments: momentsRoutes,
  comments: commentsRoutes,
  replyNotices: replyNoticesRoutes,
  newsletter: newsletterRoutes,
  music: musicRoutes,
  emotes: emotesRoutes,
  videos: videosRoutes,
  media: mediaRoutes,
  dashboard: dashboardRoutes,
  health: healthRoutes,
  docs: docsRoutes,
  jobs: jobsRoutes,
  todos: todosRoutes,
  meta: metaRoutes,
  insight: insightRoutes,
  log: logRoutes,
  push: pushRoutes,
  files: filesRoutes,
  revisions: revisionsRoutes,
  webhooks: webhooksRoutes,
  webmention: webmentionRoutes,
  tokens: tokensRoutes,
  oauth: oauthRoutes,
  security: securityRoutes,
  importers: importersRoutes,
  federation: federationRoutes,
} as const satisfies Record<string, Record<string, RouteDef>>;

export type RouteGroup = keyof typeof routeGroups;

type Groups = typeof routeGroups;
type AllRoutes = { [G in RouteGroup]: (x: Groups[G]) => void }[RouteGroup] extends (x: infer R) => void
  ? R
  : never;

/**
 * Every call's method, path and access level, free of zod so the web bundle can import it: the
 * groups above merged. The schemas for each name live in `calls/` (server and tests import those),
 * and `calls/index.ts` checks that both lists name the same calls.
 */
export const routes: AllRoutes = Object.assign({}, ...Object.values(routeGroups));

export type RouteName = keyof typeof routes;
