import { calls } from '@candy/contract';
import type { Db } from '../../db/index.ts';
import type { Router } from '../../http/router.ts';
import { createLogService } from './service.ts';
import { createSharedLogService } from './shared.ts';

/**
 * The log browser's call (issue 12): this replica's own log files, newest first; or, when the
 * replicas ship their lines to the database (`LOG_STORE=database`, issue 28), every replica's.
 */
export const logModule = (
  router: Router,
  files: Parameters<typeof createLogService>[0] & { shared: Db | null },
) => {
  const logs = files.shared
    ? createSharedLogService({ db: files.shared, replica: files.replica, settled: files.settled })
    : createLogService(files);
  router.route(calls.logList, ({ query }) => logs.page(query), { logLevel: 'warn' });
  return { logs };
};
