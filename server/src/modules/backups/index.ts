import { calls } from '@candy/contract';
import type { BackupStatus } from '@candy/contract/calls/dashboard';
import type { ModuleContext } from '../context.ts';
import { type BackupService, createBackupService } from './service.ts';

/** Points the back office lists (each one an index read at the destination). */
const LISTED = 20;

/** Backups (issue 45, DESIGN §12): the service the jobs use, and the back office's status call. */
export const backupsModule = (ctx: ModuleContext): { backups: BackupService | null } => {
  const settings = ctx.config.backups;
  const backups = settings ? createBackupService(ctx.config, settings, ctx.storage, ctx.now) : null;
  ctx.router.route(calls.backupStatus, async (): Promise<BackupStatus> => {
    const base = {
      configured: backups !== null,
      destination: backups?.destination.label ?? null,
      shipSeconds: settings?.shipSeconds ?? 0,
      drillAvailable: Boolean(settings?.identityFile),
    };
    if (!backups) return { ...base, points: [], lastDrill: null, error: null };
    try {
      const [points, lastDrill] = await Promise.all([backups.points(LISTED), backups.lastDrill()]);
      return {
        ...base,
        points: points.map(({ id, createdAt, kind, size, newBytes, bad }) => ({
          id,
          createdAt,
          kind,
          size,
          newBytes,
          bad,
        })),
        lastDrill,
        error: null,
      };
    } catch (error) {
      return {
        ...base,
        points: [],
        lastDrill: null,
        error: error instanceof Error ? error.message : String(error),
      };
    }
  });
  return { backups };
};
