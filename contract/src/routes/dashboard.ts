import type { RouteDef } from '../routeDef.ts';

/** The admin home's figures (issue 10). */
export const dashboardRoutes = {
  dashboard: { method: 'GET', path: '/system/dashboard', access: 'owner' },
  /**
   * Everything as one archive (issue 17): the same file `npm run export` writes. It holds every
   * secret (password hash, webhook secrets, key and token digests), so no API token may take it.
   */
  systemExport: { method: 'GET', path: '/system/export', access: 'owner', guard: 'session' },
  /** The backups at the owner's destination and the last restore drill (issue 45). */
  backupStatus: { method: 'GET', path: '/system/backups', access: 'owner' },
} as const satisfies Record<string, RouteDef>;
