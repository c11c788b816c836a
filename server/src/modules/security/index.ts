import type { AuthService } from '../auth/service.ts';
import type { ModuleContext } from '../context.ts';
import { createPasskeys } from './passkeys.ts';
import { createSecurityRepo } from './repo.ts';
import { securityRoutes } from './routes.ts';
import { createSecurityService } from './service.ts';

/**
 * The owner's passkeys, TOTP second factor and fresh-login confirmation (issue 26.1–3). Sessions
 * stay the auth module's; this module reaches them through its service.
 */
export const securityModule = (ctx: ModuleContext, deps: { auth: AuthService }) => {
  const repo = createSecurityRepo(ctx.db);
  const passkeys = createPasskeys({
    repo,
    now: ctx.now,
    logger: ctx.logger,
    language: ctx.config.siteLanguage,
  });
  const security = createSecurityService({
    repo,
    passkeys,
    auth: deps.auth,
    now: ctx.now,
    logger: ctx.logger,
    language: ctx.config.siteLanguage,
  });
  securityRoutes(ctx.router, security, ctx.config.siteDomains);
  return { security };
};
