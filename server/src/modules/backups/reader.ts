import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { BlobStorage } from '../../storage/types.ts';
import type { Opener } from './crypto.ts';
import { chunkKey, Manifest, PointIndex } from './manifest.ts';

/** A point as listing shows it: its index, and whether a drill found it bad (`points/<id>.bad`). */
export interface ListedPoint extends PointIndex {
  bad: string | null;
}

/** Every complete point at the destination, oldest first (a point without its index is not done). */
export const listPoints = async (store: BlobStorage): Promise<ListedPoint[]> => {
  const stats = await store.list('points/');
  const bad = new Set(stats.filter((s) => s.key.endsWith('.bad')).map((s) => s.key.slice(7, -4)));
  const points: ListedPoint[] = [];
  for (const stat of stats) {
    if (!stat.key.endsWith('.json')) continue;
    const body = await store.get(stat.key);
    if (!body) continue;
    const index = PointIndex.parse(JSON.parse((await buffer(body)).toString('utf8')));
    let reason: string | null = null;
    if (bad.has(index.id)) {
      const why = await store.get(`points/${index.id}.bad`);
      reason = why ? (await buffer(why)).toString('utf8') || '演练失败' : '演练失败';
    }
    points.push({ ...index, bad: reason });
  }
  return points.sort((a, b) => a.createdAt - b.createdAt);
};

/** The newest good point at or before `at` (ms), or null. */
export const pointAt = (points: ListedPoint[], at: number): ListedPoint | null =>
  points.filter((p) => p.bad === null && p.createdAt <= at).at(-1) ?? null;

const readBlob = async (store: BlobStorage, key: string): Promise<Buffer> => {
  const body = await store.get(key);
  if (!body) throw new Error(`missing at the destination: ${key}`);
  return buffer(body);
};

export const readManifest = async (store: BlobStorage, opener: Opener, id: string): Promise<Manifest> => {
  const plain = await opener.open(await readBlob(store, `points/${id}.age`));
  return Manifest.parse(JSON.parse(new TextDecoder().decode(plain)));
};

/**
 * A blob's plaintext, chunk by chunk. A chunk that fails its AEAD (a flipped byte) or a whole whose
 * SHA-256 differs from the manifest's throws: nothing unverified is ever passed on as restored.
 */
async function* plainChunks(
  store: BlobStorage,
  opener: Opener,
  blob: { chunks: string[]; sha256: string },
  what: string,
): AsyncGenerator<Uint8Array> {
  const whole = createHash('sha256');
  for (const name of blob.chunks) {
    let plain: Uint8Array;
    try {
      plain = await opener.open(await readBlob(store, chunkKey(name)));
    } catch (error) {
      throw new Error(`chunk ${name.slice(0, 12)}… of ${what} does not decrypt: ${(error as Error).message}`);
    }
    whole.update(plain);
    yield plain;
  }
  if (whole.digest('hex') !== blob.sha256) throw new Error(`${what} does not match its checksum`);
}

/** Writes a blob into a local file (the database snapshot); the file appears only when verified. */
export const restoreToFile = async (
  store: BlobStorage,
  opener: Opener,
  blob: { chunks: string[]; sha256: string },
  file: string,
  what: string,
): Promise<void> => {
  const partial = `${file}.partial`;
  const out = fs.createWriteStream(partial);
  try {
    for await (const plain of plainChunks(store, opener, blob, what)) {
      if (!out.write(plain)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    }
    await new Promise<void>((resolve, reject) =>
      out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
    await fsp.rename(partial, file);
  } catch (error) {
    out.destroy();
    await fsp.rm(partial, { force: true });
    throw error;
  }
};

/** Puts every file of a point into a file store (the site's, or a drill's scratch folder). */
export const restoreFiles = async (
  store: BlobStorage,
  opener: Opener,
  manifest: Manifest,
  target: BlobStorage,
): Promise<number> => {
  for (const file of manifest.files) {
    // The store's `put` makes the blob appear only complete; a failed check aborts the stream.
    await target.put(file.key, Readable.from(plainChunks(store, opener, file, file.key)), {
      ...(file.contentType ? { contentType: file.contentType } : {}),
    });
  }
  return manifest.files.length;
};
