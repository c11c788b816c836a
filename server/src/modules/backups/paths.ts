import path from 'node:path';

/** Scratch space of the backups under DATA_DIR (snapshots on their way out, drills' restores). */
export const dbSnapshotDir = (dataDir: string): string => path.join(dataDir, 'backup-work');
