import type { FastifyInstance } from 'fastify';
import type { OwnerGuard } from '../../http/guards.ts';
import { createIdempotency } from '../../http/idempotency.ts';
import { serverText } from '../../i18n/serverText.ts';
import type { ReceivedActivitySource } from '../comments/activity.ts';
import type { ModuleContext } from '../context.ts';
import type { EmotesService } from '../emotes/service.ts';
import type { EssaysService } from '../essays/service.ts';
import type { EssayWrites } from '../essays/writes.ts';
import type { FederationSettings } from '../federation/settings.ts';
import type { ImagesService } from '../images/service.ts';
import type { MediaService } from '../media/service.ts';
import type { MomentsService } from '../moments/service.ts';
import type { MomentWrites } from '../moments/writes.ts';
import type { OauthService } from '../oauth/service.ts';
import { accountRoutes } from './accountRoutes.ts';
import type { MastodonDeps } from './context.ts';
import { emptyRoutes } from './emptyRoutes.ts';
import { createGrantCheck } from './guard.ts';
import { mediaRoutes } from './mediaRoutes.ts';
import { notificationRoutes } from './notificationRoutes.ts';
import { createPosts } from './posts.ts';
import { statusRoutes } from './statusRoutes.ts';

export interface MastodonModuleDeps {
  oauth: OauthService;
  moments: MomentsService;
  momentWrites: MomentWrites;
  essays: EssaysService;
  essayWrites: EssayWrites;
  images: ImagesService;
  media: MediaService;
  emotes: Pick<EmotesService, 'list'>;
  received: ReceivedActivitySource;
  ownerName: () => Promise<string>;
  federation: () => Promise<FederationSettings>;
  /** The audit log every owner write goes to (DESIGN §9), the apps' included. */
  recordWrite: OwnerGuard['recordWrite'];
}

/**
 * The Mastodon client API subset apps need to post and read back (issue 42). It owns no content:
 * statuses are moments and essays written through their modules' own write paths, pictures go
 * through the image pipeline, notifications are the comments and reactions the site received.
 * Answers are Mastodon's shapes, at the root paths apps know (`protocolScope`).
 */
export const mastodonModule = (ctx: ModuleContext, deps: MastodonModuleDeps) => {
  const posts = createPosts(deps);
  const view: MastodonDeps = {
    posts,
    grant: createGrantCheck(deps.oauth),
    images: deps.images,
    profile: async (origin) => {
      const [username, federation, moments, essays] = await Promise.all([
        deps.ownerName(),
        deps.federation(),
        deps.moments.count(),
        deps.essays.countPublic(),
      ]);
      return {
        origin,
        username: federation.handle || username || 'owner',
        displayName: federation.displayName,
        siteTitle: ctx.config.siteTitle,
        momentsFederate: federation.federateMoments,
        statusesCount: moments + essays,
        createdAt: 0,
      };
    },
  };
  const idempotency = createIdempotency(ctx.db, ctx.now);
  return {
    protocolRoutes: (scope: FastifyInstance) => {
      // An app's write is the owner's, done through the app: audited like the back office's.
      scope.addHook('onSend', async (req, reply, payload) => {
        const grant = view.grant.of(req);
        if (grant && req.method !== 'GET')
          await deps
            .recordWrite({
              username: serverText(ctx.config.siteLanguage, 'audit.viaApp', {
                owner: await deps.ownerName(),
                app: grant.appName,
              }),
              method: req.method,
              path: (req.url.split('?')[0] ?? '').slice(0, 512),
              status: reply.statusCode,
              ip: req.ip,
            })
            .catch((error: unknown) => req.log.error({ err: error }, 'audit log write failed'));
        return payload;
      });
      accountRoutes(scope, view, deps.oauth);
      statusRoutes(scope, view, idempotency);
      mediaRoutes(scope, view, deps.media);
      notificationRoutes(scope, view, deps.received, deps.emotes);
      emptyRoutes(scope, view.grant);
    },
  };
};
