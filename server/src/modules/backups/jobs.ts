import path from 'node:path';
import type { Config } from '../../config.ts';
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
  name: '数据库备份',
  description: backups
    ? `把数据库和全部文件加密备份到 ${backups.destination.label}（只传新的数据块），再按保留规则清理旧的时间点。`
    : `SQLite 在线备份（PostgreSQL 用 pg_dump）到 DATA_DIR/backups，保留最近 ${config.backupKeep} 份；设置 BACKUP_DESTINATION 后改为加密的异地备份。`,
  defaultCron: '30 3 * * *',
  catchUp: true,
  async run() {
    if (!backups) {
      const file = await backupDatabase(config.database, path.join(config.dataDir, 'backups'), {
        now: now(),
        keep: config.backupKeep,
      });
      return `备份写入 ${file}`;
    }
    const point = await backups.backup();
    const removed = await backups.prune();
    return `备份 ${point.id}：共 ${sizeOf(point.size)}，新上传 ${sizeOf(point.newBytes)}；清理了 ${removed.points} 个时间点、${removed.chunks} 个数据块`;
  },
});

/** The nightly restore drill; a failed one throws, so the scheduler tells the owner (push channels). */
export const drillJob = (backups: BackupService): JobDefinition => ({
  id: 'backup-drill',
  name: '恢复演练',
  description:
    '把最新的备份和随机一个更早的时间点恢复到临时数据库和文件夹，检查完整性并与备份时的行数、抽样内容比对；失败时推送通知并把该时间点标为损坏。需要服务器上有 BACKUP_IDENTITY_FILE。',
  defaultCron: '10 5 * * *',
  catchUp: false,
  async run() {
    const drill = backups.drill();
    if (!drill) return '服务器上没有恢复密钥（BACKUP_IDENTITY_FILE），没有演练';
    const record = await drill;
    const lines = record.points.map((p) => `${p.id || '（无）'}：${p.ok ? '通过' : '失败'}，${p.detail}`);
    if (!record.ok) throw new Error(`恢复演练失败。${lines.join('\n')}`);
    return `恢复演练通过。${lines.join('\n')}`;
  },
});
