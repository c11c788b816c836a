import { systemCalls } from '@candy/contract';
import type { Router } from '../../http/router.ts';
import type { SystemService } from './service.ts';

export const systemRoutes = (router: Router, system: SystemService): void => {
  router.route(systemCalls.knock, async ({ caller }) => system.knock(caller.uuid, caller.ip));
  router.route(systemCalls.systemVersion, async () => system.version());
  router.route(systemCalls.systemInfo, async () => system.info());
  router.route(systemCalls.systemDebug, async ({ body }) => system.debug(body.logLevel));
};
