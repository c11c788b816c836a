import path from 'node:path';
import type { Config } from '../../config.ts';
import { list, SaidError, said } from '../../i18n/said.ts';
import { backupDatabase } from '../../jobs/builtin/backup.ts';
import type { JobDefinition } from '../../jobs/types.ts';
import type { BackupService } from './service.ts';

const MB = 1024 * 1024;
const sizeOf = (bytes: number) =>
  bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;

/**
 * The nightly backup: a `daily` point at the destination, then the retention; without a destination,
 * the old database copy into DATA_DIR/backups (nothing leaves the machine — the home says so).
 */
export const backupJob = (
  config: Config,
  backups: BackupService | null,
  now: () => number,
): JobDefinition => ({
  id: 'backup',
  name: said('jobs.backup.name'),
  description: backups
    ? said('jobs.backup.description', { destination: backups.destination.label })
    : said('jobs.backup.descriptionLocal', { keep: config.backupKeep }),
  defaultCron: '30 3 * * *',
  catchUp: true,
  async run() {
    if (!backups) {
      const file = await backupDatabase(config.database, path.join(config.dataDir, 'backups'), {
        now: now(),
        keep: config.backupKeep,
      });
      return said('jobs.backup.doneLocal', { file });
    }
    const point = await backups.backup();
    const removed = await backups.prune();
    return said('jobs.backup.done', {
      id: point.id,
      size: sizeOf(point.size),
      uploaded: sizeOf(point.newBytes),
      points: removed.points,
      chunks: removed.chunks,
    });
  },
});

/** The nightly restore drill; a failed one throws, so the scheduler tells the owner (push channels). */
export const drillJob = (backups: BackupService): JobDefinition => ({
  id: 'backup-drill',
  name: said('jobs.backup-drill.name'),
  description: said('jobs.backup-drill.description'),
  defaultCron: '10 5 * * *',
  catchUp: false,
  async run() {
    const drill = backups.drill();
    if (!drill) return said('jobs.backup-drill.noKey');
    const record = await drill;
    const lines = list(
      record.points.map((p) =>
        said(p.ok ? 'jobs.backup-drill.pointPassed' : 'jobs.backup-drill.pointFailed', {
          id: p.id || said('jobs.backup-drill.noPoint'),
          detail: p.detail,
        }),
      ),
      '\n',
    );
    if (!record.ok) throw new SaidError(said('jobs.backup-drill.failed', { lines }));
    return said('jobs.backup-drill.passed', { lines });
  },
});
