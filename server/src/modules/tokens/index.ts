import type { Caller } from '../../http/context.ts';
import type { OwnerGuard, OwnerSession } from '../../http/guards.ts';
import type { ModuleContext } from '../context.ts';
import { createTokenRepo } from './repo.ts';
import { tokenRoutes } from './routes.ts';
import { createTokenService } from './service.ts';

/**
 * API tokens (issue 26.4). The owner guard becomes "the access key first, then a token": this
 * module wraps the guard the auth module installed, so a caller offering both is judged by its key.
 * The owner's name costs a read only when a token is offered (visitors and sessions never pay it).
 */
export const tokensModule = (
  ctx: ModuleContext,
  deps: {
    ownerGuard: OwnerGuard;
    ownerName: () => Promise<string>;
    /** Fediverse apps' tokens (issue 42): judged after API tokens, with the scope their grant maps to. */
    apps?: { ownerSession(caller: Caller): Promise<OwnerSession | null> };
  },
) => {
  const tokens = createTokenService({
    repo: createTokenRepo(ctx.db),
    ownerName: deps.ownerName,
    now: ctx.now,
    logger: ctx.logger,
  });
  ctx.setOwnerGuard({
    verify: async (caller) =>
      (caller.fingerprint ? await deps.ownerGuard.verify(caller) : null) ??
      (caller.bearer
        ? ((await tokens.verify(caller)) ?? (await deps.apps?.ownerSession(caller)) ?? null)
        : null),
    recordWrite: deps.ownerGuard.recordWrite,
  });
  tokenRoutes(ctx.router, tokens);
  return { tokens };
};
