import type { FastifyInstance } from 'fastify';
import { createRateLimiter } from '../../http/rateLimit.ts';
import type { ModuleContext } from '../context.ts';
import { oauthProtocolRoutes } from './protocol.ts';
import { createOauthRepo } from './repo.ts';
import { oauthRoutes } from './routes.ts';
import { createOauthService } from './service.ts';

/**
 * OAuth 2 for fediverse apps (issue 42). The owner guard learns app tokens through the tokens
 * module (`apps`), so they pass the same scope checks as API tokens on the site's own calls.
 */
export const oauthModule = (ctx: ModuleContext, deps: { ownerName: () => Promise<string> }) => {
  const oauth = createOauthService({
    repo: createOauthRepo(ctx.db),
    ownerName: deps.ownerName,
    now: ctx.now,
    logger: ctx.logger,
    language: ctx.config.siteLanguage,
  });
  oauthRoutes(ctx.router, oauth);
  const limiter = createRateLimiter(ctx.db, ctx.now);
  return { oauth, protocolRoutes: (scope: FastifyInstance) => oauthProtocolRoutes(scope, oauth, limiter) };
};
