import type { RouteDef } from './routeDef.ts';
import { articlesRoutes } from './routes/articles.ts';
import { authRoutes } from './routes/auth.ts';
import { bangumiRoutes } from './routes/bangumi.ts';
import { commentsRoutes } from './routes/comments.ts';
import { dashboardRoutes } from './routes/dashboard.ts';
import { docsRoutes } from './routes/docs.ts';
import { emotesRoutes } from './routes/emotes.ts';
import { essaysRoutes } from './routes/essays.ts';
import { filesRoutes } from './routes/files.ts';
import { healthRoutes } from './routes/health.ts';
import { hitokotoRoutes } from './routes/hitokoto.ts';
import { insightRoutes } from './routes/insight.ts';
import { jobsRoutes } from './routes/jobs.ts';
import { linksRoutes } from './routes/links.ts';
import { logRoutes } from './routes/log.ts';
import { mediaRoutes } from './routes/media.ts';
import { metaRoutes } from './routes/meta.ts';
import { momentsRoutes } from './routes/moments.ts';
import { musicRoutes } from './routes/music.ts';
import { pushRoutes } from './routes/push.ts';
import { replyNoticesRoutes } from './routes/replyNotices.ts';
import { revisionsRoutes } from './routes/revisions.ts';
import { securityRoutes } from './routes/security.ts';
import { systemRoutes } from './routes/system.ts';
import { todosRoutes } from './routes/todos.ts';
import { videosRoutes } from './routes/videos.ts';
import { waifuRoutes } from './routes/waifu.ts';
import { webhooksRoutes } from './routes/webhooks.ts';

export type { RouteDef } from './routeDef.ts';

/**
 * Every call's method, path and access level, free of zod so the web bundle can import it. One file
 * a domain in `routes/`; the schemas for each name live in `calls/` (server and tests import those),
 * and `calls/index.ts` checks that both lists name the same calls.
 */
export const routes = {
  ...systemRoutes,
  ...authRoutes,
  ...essaysRoutes,
  ...articlesRoutes,
  ...linksRoutes,
  ...hitokotoRoutes,
  ...bangumiRoutes,
  ...waifuRoutes,
  ...momentsRoutes,
  ...commentsRoutes,
  ...replyNoticesRoutes,
  ...musicRoutes,
  ...emotesRoutes,
  ...videosRoutes,
  ...mediaRoutes,
  ...dashboardRoutes,
  ...healthRoutes,
  ...docsRoutes,
  ...jobsRoutes,
  ...todosRoutes,
  ...metaRoutes,
  ...insightRoutes,
  ...logRoutes,
  ...pushRoutes,
  ...filesRoutes,
  ...revisionsRoutes,
  ...webhooksRoutes,
  ...securityRoutes,
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof routes;
