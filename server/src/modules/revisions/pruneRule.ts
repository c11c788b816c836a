export const DAY = 86_400_000;

/** Everything younger than this is kept. */
export const KEEP_ALL_MS = 30 * DAY;

export interface PrunableRevision {
  id: number;
  target_type: string;
  target_id: number;
  created_at: number;
}

/**
 * The revisions to delete: every revision of the last 30 days stays; older ones keep the last of
 * each (UTC) day per target, so a long-lived essay keeps one version a day it was worked on.
 */
export const revisionsToPrune = (rows: PrunableRevision[], now: number): number[] => {
  const newestOfDay = new Map<string, PrunableRevision>();
  const old = rows.filter((row) => Number(row.created_at) < now - KEEP_ALL_MS);
  for (const row of old) {
    const key = `${row.target_type}:${row.target_id}:${Math.floor(Number(row.created_at) / DAY)}`;
    const kept = newestOfDay.get(key);
    const newer =
      !kept ||
      Number(row.created_at) > Number(kept.created_at) ||
      (Number(row.created_at) === Number(kept.created_at) && row.id > kept.id);
    if (newer) newestOfDay.set(key, row);
  }
  const keep = new Set([...newestOfDay.values()].map((row) => row.id));
  return old.filter((row) => !keep.has(row.id)).map((row) => row.id);
};
