import path from 'node:path';
import type { BlobStorage } from '../../storage/types.ts';
import { chunkKey } from './manifest.ts';
import { listPoints, readFileRefs, readIndex } from './reader.ts';
import { pointsToKeep, type RetentionPolicy } from './retention.ts';

/** A chunk younger than this is never collected: a backup running now may be about to name it. */
const GRACE_MS = 6 * 3_600_000;

/**
 * Applies the retention (retention.ts), then deletes the chunks and chunk lists no kept point
 * names. Works from the plain indexes, so the server needs no key to do it.
 */
export const prune = async (
  store: BlobStorage,
  now: number,
  policy: RetentionPolicy,
): Promise<{ points: number; chunks: number }> => {
  // What a killed backup left half-written in a folder destination.
  await store.sweepUnfinished?.('');
  const points = await listPoints(store);
  const keep = pointsToKeep(points, now, policy);
  let removedPoints = 0;
  for (const point of points) {
    if (keep.has(point.id)) continue;
    // The index first: from then on the point is not listed, whatever happens to the rest.
    for (const suffix of ['.json', '.age', '.bad']) await store.delete(`points/${point.id}${suffix}`);
    removedPoints += 1;
  }
  const referenced = new Set<string>();
  const refs = new Set<string>();
  for (const point of points) {
    if (!keep.has(point.id)) continue;
    const index = await readIndex(store, point.id);
    for (const name of index.chunks) referenced.add(name);
    refs.add(index.fileRefs);
  }
  for (const hash of refs) for (const name of await readFileRefs(store, hash)) referenced.add(name);
  for (const stat of await store.list('refs/')) {
    const hash = path.basename(stat.key, '.json');
    if (!refs.has(hash) && now - stat.modifiedAt >= GRACE_MS) await store.delete(stat.key);
  }
  let removedChunks = 0;
  for (const stat of await store.list('chunks/')) {
    const name = path.basename(stat.key);
    if (referenced.has(name) || now - stat.modifiedAt < GRACE_MS) continue;
    await store.delete(chunkKey(name));
    removedChunks += 1;
  }
  return { points: removedPoints, chunks: removedChunks };
};
