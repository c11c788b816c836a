import { commentEventOf } from '../../events.ts';
import { createRateLimiter } from '../../http/rateLimit.ts';
import { said } from '../../i18n/said.ts';
import type { ModuleContext } from '../context.ts';
import type { MetaService } from '../meta/service.ts';
import type { VisitorChannels } from '../push/service.ts';
import { createReceivedActivity } from './activity.ts';
import { createAntiSpam } from './antiSpam.ts';
import { createModerationSettings } from './moderation.ts';
import { createProof } from './proof.ts';
import { createProofRepo } from './proofRepo.ts';
import { createModerationQueue } from './queue.ts';
import { createReactionRepo } from './reactionRepo.ts';
import { createRemoteComments } from './remote.ts';
import { createRemoteCommentRepo } from './remoteRepo.ts';
import { replyNoticesModule } from './replies/index.ts';
import { createCommentRepo } from './repo.ts';
import { commentsRoutes } from './routes.ts';
import { type CommentNotifier, createCommentService } from './service.ts';
import { createSpamMarkRepo } from './spamMarks.ts';
import {
  type ArticleExistence,
  type EssayVisibility,
  type MomentExistence,
  serviceTargets,
} from './targets.ts';

export interface CommentsModuleDeps {
  meta: MetaService;
  /** Answer whether the caller may see (and so comment on) an essay or an article. */
  essays: EssayVisibility;
  articles: ArticleExistence;
  moments: MomentExistence;
  /** Tells the owner of new comments; the product's `notify` (message push) unless a test gives one. */
  notifier?: CommentNotifier;
  /** Replies reach the visitor (issue 25.3) through the push module's VAPID keys and SMTP settings. */
  channels: () => Promise<VisitorChannels>;
}

export const commentsModule = (ctx: ModuleContext, deps: CommentsModuleDeps) => {
  const repo = createCommentRepo(ctx.db);
  const rateLimiter = createRateLimiter(ctx.db, ctx.now);
  const notifier: CommentNotifier = deps.notifier ?? {
    notifyOwner: (notice) =>
      ctx.notify({
        kind: 'comment',
        title: notice.held
          ? said('comments.notifyHeld', { name: notice.name || said('comments.anonymous') })
          : said('comments.notifyNew', { name: notice.name || said('comments.anonymous') }),
        body: notice.content.length > 200 ? `${notice.content.slice(0, 200)}…` : notice.content,
        // Where it stands: the essay (its anchor on /chaos), the moment or the about page.
        // A held one is seen in the back office's queue only.
        url: notice.held
          ? '/great-old-one/chaos?comments=held'
          : notice.targetType === 'essay'
            ? `/chaos#${notice.targetId}`
            : notice.targetType === 'moment'
              ? '/moments'
              : '/about',
      }),
  };
  const replyNotices = replyNoticesModule(ctx, { comments: repo, meta: deps.meta, channels: deps.channels });
  const proof = createProof({ repo: createProofRepo(ctx.db), meta: deps.meta, rateLimiter, now: ctx.now });
  const moderation = createModerationSettings(deps.meta);
  const reactions = createReactionRepo(ctx.db);
  const targets = serviceTargets(deps.essays, deps.articles, deps.moments);
  const comments = createCommentService({
    repo,
    targets,
    reactions,
    antiSpam: createAntiSpam({ repo, meta: deps.meta, rateLimiter, now: ctx.now }),
    proof,
    moderation,
    meta: deps.meta,
    notifier,
    replies: replyNotices,
    events: ctx.events,
    logger: ctx.logger,
    now: ctx.now,
    darkKey: ctx.config.darkKey,
  });
  const queue = createModerationQueue({
    repo,
    spamMarks: createSpamMarkRepo(ctx.db),
    moderation,
    avatarKey: comments.avatarKey,
    remove: comments.removeAsOwner,
    approved: async (rows) => {
      for (const row of rows) {
        await replyNotices.enqueue(row);
        await ctx.events.emit({ type: 'comment.posted', data: commentEventOf(row) });
      }
    },
    now: ctx.now,
  });
  const remote = createRemoteComments({
    repo,
    remoteRepo: createRemoteCommentRepo(ctx.db),
    reactions,
    // Remote reactions answer what everyone sees; moments only once federation has published them.
    isPublic: ({ targetType, targetId }) =>
      targetType === 'moment'
        ? deps.moments.exists(targetId)
        : targets.isVisible(targetType, targetId, false),
    moderation,
    announce: comments.announce,
    removeById: comments.removeAsOwner,
    now: ctx.now,
    language: ctx.config.siteLanguage,
  });
  commentsRoutes(ctx.router, comments, queue, proof);
  // The proof of work is lent to the owner's password login as well (issue 40.4).
  return { comments, replyNotices, remote, proof, received: createReceivedActivity(ctx.db) };
};
