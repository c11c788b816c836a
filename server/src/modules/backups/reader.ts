import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { gunzipSync } from 'node:zlib';
import { type Language, sourceLanguage } from '@candy/contract/languages';
import { serverText } from '../../i18n/serverText.ts';
import type { BlobStorage } from '../../storage/types.ts';
import type { Opener } from './crypto.ts';
import {
  type Blob,
  ChunkNames,
  chunkKey,
  type FileEntry,
  FileList,
  Manifest,
  PointIndex,
  type PointKind,
  parsePointId,
  refsKey,
} from './manifest.ts';

/** A point as a listing names it, and whether a drill found it bad (`points/<id>.bad`: why). */
export interface ListedPoint {
  id: string;
  createdAt: number;
  kind: PointKind;
  bad: string | null;
}

const readBlob = async (store: BlobStorage, key: string): Promise<Buffer> => {
  const body = await store.get(key);
  if (!body) throw new Error(`missing at the destination: ${key}`);
  return buffer(body);
};

/**
 * Every complete point at the destination, oldest first, from one listing (a point whose index is
 * not there yet is not done). Only bad points' files are read, for their reasons.
 */
/** `language`: the site's (SITE_LANGUAGE), for a bad point that says nothing of why. */
export const listPoints = async (
  store: BlobStorage,
  language: Language = sourceLanguage,
): Promise<ListedPoint[]> => {
  const stats = await store.list('points/');
  const names = new Set(stats.map((s) => s.key.slice('points/'.length)));
  const points: ListedPoint[] = [];
  for (const name of names) {
    if (!name.endsWith('.json')) continue;
    const id = name.slice(0, -'.json'.length);
    const parsed = parsePointId(id);
    if (!parsed) continue;
    const bad = names.has(`${id}.bad`)
      ? (await readBlob(store, `points/${id}.bad`).catch(() => Buffer.alloc(0))).toString('utf8') ||
        serverText(language, 'backups.drillFailed')
      : null;
    points.push({ id, ...parsed, bad });
  }
  return points.sort((a, b) => a.createdAt - b.createdAt);
};

export const readIndex = async (store: BlobStorage, id: string): Promise<PointIndex> =>
  PointIndex.parse(JSON.parse((await readBlob(store, `points/${id}.json`)).toString('utf8')));

/** The chunk names of a point's files (`refs/…`). */
export const readFileRefs = async (store: BlobStorage, hash: string): Promise<string[]> =>
  ChunkNames.parse(JSON.parse((await readBlob(store, refsKey(hash))).toString('utf8')));

/** The newest good point at or before `at` (ms), or null. */
export const pointAt = (points: ListedPoint[], at: number): ListedPoint | null =>
  points.filter((p) => p.bad === null && p.createdAt <= at).at(-1) ?? null;

/**
 * A blob's plaintext, chunk by chunk. A chunk that fails its AEAD (a flipped byte) or a whole whose
 * SHA-256 differs from the manifest's throws: nothing unverified is ever passed on as restored.
 */
async function* plainChunks(
  store: BlobStorage,
  opener: Opener,
  blob: Blob,
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

/** A point's manifest and its list of files, opened and checked. */
export const readManifest = async (
  store: BlobStorage,
  opener: Opener,
  id: string,
): Promise<Manifest & { files: FileEntry[] }> => {
  let manifest: Manifest;
  try {
    const plain = await opener.open(await readBlob(store, `points/${id}.age`));
    manifest = Manifest.parse(JSON.parse(new TextDecoder().decode(plain)));
  } catch (error) {
    throw new Error(`the manifest of ${id} does not open: ${(error as Error).message}`);
  }
  const packed = await buffer(Readable.from(plainChunks(store, opener, manifest.fileList, 'the file list')));
  return { ...manifest, files: FileList.parse(JSON.parse(gunzipSync(packed).toString('utf8'))) };
};

/** Writes a blob into a local file (the database snapshot); the file appears only when verified. */
export const restoreToFile = async (
  store: BlobStorage,
  opener: Opener,
  blob: Blob,
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
  files: FileEntry[],
  target: BlobStorage,
): Promise<number> => {
  for (const file of files) {
    // The store's `put` makes the blob appear only complete; a failed check aborts the stream.
    await target.put(file.key, Readable.from(plainChunks(store, opener, file, file.key)), {
      ...(file.contentType ? { contentType: file.contentType } : {}),
    });
  }
  return files.length;
};
