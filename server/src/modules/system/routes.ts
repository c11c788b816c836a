import { systemCalls } from '@candy/contract';
import type { PublicCache } from '../../http/publicCache.ts';
import type { Router } from '../../http/router.ts';
import type { SystemService } from './service.ts';

export const systemRoutes = (router: Router, system: SystemService, publicCache: PublicCache): void => {
  router.route(systemCalls.knock, async ({ caller }) => system.knock(caller.uuid, caller.ip));
  // The build version never changes while the process runs: a cached answer (issue 16).
  router.route(
    systemCalls.systemVersion,
    publicCache.handler({ tags: [], view: () => 'visitor' }, async () => system.version()),
  );
  router.route(systemCalls.systemInfo, async () => system.info());
  router.route(systemCalls.systemDebug, async ({ body }) => system.debug(body.logLevel, body.minutes));
};
