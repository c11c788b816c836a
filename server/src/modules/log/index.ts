import { calls } from '@candy/contract';
import type { Router } from '../../http/router.ts';
import { createLogService } from './service.ts';

/** The log browser's call (issue 12): this replica's own log files, newest first. */
export const logModule = (router: Router, files: Parameters<typeof createLogService>[0]) => {
  const logs = createLogService(files);
  router.route(calls.logList, ({ query }) => logs.page(query), { logLevel: 'warn' });
  return { logs };
};
