/** How long points are kept (BACKUP_POINT_DAYS, BACKUP_KEEP, BACKUP_KEEP_WEEKLY, BACKUP_KEEP_MONTHLY). */
export interface RetentionPolicy {
  /** Every minute of this many last days can be restored. */
  pointDays: number;
  daily: number;
  weekly: number;
  monthly: number;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

/** Monday-based week number since the epoch (1970-01-01 was a Thursday). */
const weekOf = (ms: number) => Math.floor((ms + 3 * DAY) / (7 * DAY));
const monthOf = (ms: number) => {
  const d = new Date(ms);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
};

/**
 * Which points to keep, by id. Within `pointDays`: the newest point of every minute (so any minute
 * can be restored; the rest of a busy minute adds nothing). Beyond: the newest point of each of the
 * last `daily` days, `weekly` weeks and `monthly` months that have one (UTC). The newest point
 * is always kept, whatever its age.
 */
export const pointsToKeep = (
  points: { id: string; createdAt: number }[],
  now: number,
  policy: RetentionPolicy,
): Set<string> => {
  const newestFirst = [...points].sort((a, b) => b.createdAt - a.createdAt);
  const keep = new Set<string>();
  if (newestFirst[0]) keep.add(newestFirst[0].id);
  const byBucket = (bucketOf: (ms: number) => number, count: number, within = Number.POSITIVE_INFINITY) => {
    const seen = new Set<number>();
    for (const point of newestFirst) {
      if (now - point.createdAt > within) break;
      const bucket = bucketOf(point.createdAt);
      if (seen.has(bucket)) continue;
      if (seen.size >= count) break;
      seen.add(bucket);
      keep.add(point.id);
    }
  };
  byBucket((ms) => Math.floor(ms / MINUTE), Number.POSITIVE_INFINITY, policy.pointDays * DAY);
  byBucket((ms) => Math.floor(ms / DAY), policy.daily);
  byBucket(weekOf, policy.weekly);
  byBucket(monthOf, policy.monthly);
  return keep;
};
