import type { ModuleContext } from '../context.ts';
import type { Handshakes } from '../system/handshakes.ts';
import { createAttemptsRepo } from './attemptsRepo.ts';
import { createAuditLog } from './audit.ts';
import { createLimiter } from './limiter.ts';
import { createOwnerRepo } from './repo.ts';
import { authRoutes } from './routes.ts';
import { createAuthService } from './service.ts';

/** Owner login, sessions, the security page, and the real owner guard with its audit log. */
export const authModule = (ctx: ModuleContext, deps: { handshakes: Handshakes }) => {
  const attempts = createAttemptsRepo(ctx.db);
  const auth = createAuthService({
    owners: createOwnerRepo(ctx.db),
    attempts,
    limiter: createLimiter(attempts),
    handshakes: deps.handshakes,
    accessKeyTtlMs: ctx.config.accessKeyTtlMs,
    now: ctx.now,
    logger: ctx.logger,
    notify: ctx.notify,
  });
  const audit = createAuditLog(ctx.db, ctx.now);
  // Returned too: the tokens module wraps it (access key first, then an API token).
  const guard = { verify: auth.verify, recordWrite: audit.record };
  ctx.setOwnerGuard(guard);
  authRoutes(ctx.router, auth);
  return { auth, audit, guard };
};
