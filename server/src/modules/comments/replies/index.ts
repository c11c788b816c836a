import { languageOf } from '../../../http/pageLanguage.ts';
import { createRateLimiter } from '../../../http/rateLimit.ts';
import type { ModuleContext } from '../../context.ts';
import type { MetaService } from '../../meta/service.ts';
import type { VisitorChannels } from '../../push/service.ts';
import type { CommentRepo } from '../repo.ts';
import { createReplyNotices } from './replyNotices.ts';
import { createReplyRepo } from './repo.ts';
import { replyNoticesRoutes } from './routes.ts';
import { createUnsubscribe } from './unsubscribe.ts';
import { createVisitorPush } from './visitorPush.ts';

export interface ReplyNoticeModuleDeps {
  comments: Pick<CommentRepo, 'findById'>;
  meta: MetaService;
  /** The owner's push module lends its VAPID keys and SMTP settings. */
  channels: () => Promise<VisitorChannels>;
}

/** Replies reach the visitor (issue 25.3): its calls, and the queue the `reply-notices` job works off. */
export const replyNoticesModule = (ctx: ModuleContext, deps: ReplyNoticeModuleDeps) => {
  const repo = createReplyRepo(ctx.db);
  const push = createVisitorPush({
    repo,
    rateLimiter: createRateLimiter(ctx.db, ctx.now),
    channels: deps.channels,
    allowLoopback: ctx.config.pushAllowLoopback,
    now: ctx.now,
    language: ctx.config.siteLanguage,
  });
  const unsubscribe = createUnsubscribe({ repo, meta: deps.meta, now: ctx.now });
  replyNoticesRoutes(ctx.router, {
    push,
    unsubscribe,
    siteTitle: ctx.config.siteTitle,
    pageLanguage: (req) => languageOf(req, ctx.config),
  });
  return createReplyNotices({
    repo,
    comments: deps.comments,
    push,
    unsubscribe,
    channels: deps.channels,
    siteTitle: ctx.config.siteTitle,
    language: ctx.config.siteLanguage,
    apiBasePath: ctx.config.apiBasePath,
    logger: ctx.logger,
    now: ctx.now,
  });
};
