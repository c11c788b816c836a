import path from 'node:path';
import type { BlobStorage } from '../../storage/types.ts';
import { chunkKey } from './manifest.ts';
import { listPoints } from './reader.ts';
import { pointsToKeep, type RetentionPolicy } from './retention.ts';

/** A chunk younger than this is never collected: a backup running now may be about to name it. */
const GRACE_MS = 6 * 3_600_000;

/**
 * Applies the retention (retention.ts), then deletes the chunks no kept point names. Works from the
 * plain indexes, so the server needs no key to do it.
 */
export const prune = async (
  store: BlobStorage,
  now: number,
  policy: RetentionPolicy,
): Promise<{ points: number; chunks: number }> => {
  const points = await listPoints(store);
  const keep = pointsToKeep(points, now, policy);
  let removedPoints = 0;
  for (const point of points) {
    if (keep.has(point.id)) continue;
    // The index first: from then on the point is not listed, whatever happens to the rest.
    for (const suffix of ['.json', '.age', '.bad']) await store.delete(`points/${point.id}${suffix}`);
    removedPoints += 1;
  }
  const referenced = new Set(points.filter((p) => keep.has(p.id)).flatMap((p) => p.chunks));
  let removedChunks = 0;
  for (const stat of await store.list('chunks/')) {
    const name = path.basename(stat.key);
    if (referenced.has(name) || now - stat.modifiedAt < GRACE_MS) continue;
    await store.delete(chunkKey(name));
    removedChunks += 1;
  }
  return { points: removedPoints, chunks: removedChunks };
};
