import { createRateLimiter } from '../../http/rateLimit.ts';
import { createOutbound } from '../../net/outbound.ts';
import type { ModuleContext } from '../context.ts';
import type { EssaysService } from '../essays/service.ts';
import { createWebmentionReceiver } from './receiver.ts';
import { createWebmentionRepo } from './repo.ts';
import { webmentionRoutes } from './routes.ts';
import { createWebmentionSender } from './sender.ts';
import { createWebmentionVerifier, type MentionStore } from './verifier.ts';

/** Until the comment thread takes them, a verified mention lives in its own row only. */
const rowOnly: MentionStore = { save: async () => {}, remove: async () => {} };

/**
 * Webmention (issue 29.4, W3C): essays announce their links to pages that take mentions (the
 * `webmention-send` job), and our endpoint takes mentions of our essays, verified by the
 * `webmention-verify` job. Both fetch through the outbound module (DESIGN §11).
 */
export const webmentionModule = (
  ctx: ModuleContext,
  deps: {
    essays: Pick<EssaysService, 'isVisible'>;
    store?: MentionStore;
    /** Old sites' addresses an import redirects (the importers' `resolveOldPath`). */
    resolveOldPath: (url: string) => Promise<string | null>;
  },
) => {
  const repo = createWebmentionRepo(ctx.db);
  const outbound = createOutbound(ctx.config.outbound, { userAgent: 'CandyJar-Webmention' });
  const isPublic = (essayId: number) => deps.essays.isVisible(essayId, false);
  const sender = createWebmentionSender({
    repo,
    outbound,
    isPublic,
    siteUrl: ctx.config.siteUrl,
    logger: ctx.logger,
    now: ctx.now,
    language: ctx.config.siteLanguage,
  });
  const verifier = createWebmentionVerifier({
    repo,
    outbound,
    store: deps.store ?? rowOnly,
    logger: ctx.logger,
    now: ctx.now,
    language: ctx.config.siteLanguage,
  });
  const receiver = createWebmentionReceiver({
    repo,
    limiter: createRateLimiter(ctx.db, ctx.now),
    isPublic,
    siteDomains: ctx.config.siteDomains,
    siteUrl: ctx.config.siteUrl,
    resolveOldPath: deps.resolveOldPath,
    startChecking: () => verifier.startChecking(),
    now: ctx.now,
  });
  ctx.events.on((event) => sender.onEvent(event));
  webmentionRoutes(ctx.router, receiver);
  return { sender, verifier, repo };
};
