import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import type { Config } from '../../config.ts';
import type { BlobStorage } from '../../storage/types.ts';
import { blocksOf, chunksOf } from './chunker.ts';
import type { Sealer } from './crypto.ts';
import { snapshotDatabase } from './dbSnapshot.ts';
import type { Destination } from './destination.ts';
import { chunkKey, type FileEntry, type Manifest, type PointIndex, pointIdOf, refsKey } from './manifest.ts';
import { dbSnapshotDir } from './paths.ts';
import { contentChanged, postgresSections, type Sections, sqliteSections } from './sections.ts';

export interface WriterDeps {
  config: Config;
  /** The site's own file store (local folder or S3): every blob in it is backed up. */
  storage: BlobStorage;
  destination: Destination;
  sealer: Sealer;
  /** The recipient the sealer seals to, recorded in each point's index. */
  recipient: string;
  nameChunk: (plain: Uint8Array) => string;
  /**
   * What earlier points of this process stored for each file (by key, size and time): an unchanged
   * file is then not read again, only named, as long as its chunks are still at the destination.
   */
  fileCache?: Map<string, FileEntry>;
}

/** Chunks already at the destination: listed once per backup, so a known chunk is never re-sent. */
const knownChunks = async (store: BlobStorage): Promise<Set<string>> =>
  new Set((await store.list('chunks/')).map((stat) => path.basename(stat.key)));

/** A reused chunk disappeared during the backup: writing the point again uploads it anew. */
export class ChunkVanished extends Error {}

/** What a shipper remembers of the last point it shipped, to skip snapshots with nothing new. */
export interface ShipmentState {
  last: Sections | null;
}

/**
 * Writes one point (issue 45.1, 45.2): the database snapshot and every stored file, cut into
 * chunks, each sealed and sent only when the destination lacks it; then the sealed manifest and its
 * plain index. An unchanged site sends no chunk at all, only the new manifest and index (a few KB).
 */
export async function writePoint(
  deps: WriterDeps,
  options: { kind: 'daily'; now: number },
): Promise<PointIndex>;
export async function writePoint(
  deps: WriterDeps,
  options: { kind: 'point'; now: number; shipment: ShipmentState },
): Promise<PointIndex | null>;
export async function writePoint(
  deps: WriterDeps,
  options: { kind: 'daily' | 'point'; now: number; shipment?: ShipmentState },
): Promise<PointIndex | null> {
  const { store } = deps.destination;
  const known = await knownChunks(store);
  let newBytes = 0;

  const storeStream = async (source: AsyncIterable<Uint8Array>, fixed = false) => {
    const chunks: string[] = [];
    const whole = createHash('sha256');
    let size = 0;
    for await (const chunk of fixed ? blocksOf(source) : chunksOf(source)) {
      whole.update(chunk);
      size += chunk.length;
      const name = deps.nameChunk(chunk);
      chunks.push(name);
      if (known.has(name)) continue;
      const sealed = await deps.sealer.seal(chunk);
      await store.put(chunkKey(name), Readable.from([Buffer.from(sealed)]));
      newBytes += sealed.length;
      known.add(name);
    }
    return { chunks, size, sha256: whole.digest('hex') };
  };

  const dir = dbSnapshotDir(deps.config.dataDir);
  await fsp.mkdir(dir, { recursive: true });
  const file = path.join(dir, `snapshot-${process.pid}.db`);
  let database: Manifest['database'];
  let tables: Manifest['tables'];
  let sections: Sections | null = null;
  try {
    tables = await snapshotDatabase(deps.config.database, file);
    if (options.shipment) {
      sections = deps.config.database.kind === 'sqlite' ? sqliteSections(file) : await postgresSections(file);
      const { last } = options.shipment;
      // Only the scheduler's bookkeeping moved since the last point: nothing to ship.
      if (last && !contentChanged(last, sections)) return null;
    }
    database = {
      dialect: deps.config.database.kind,
      ...(await storeStream(fs.createReadStream(file), deps.config.database.kind === 'sqlite')),
    };
  } finally {
    await fsp.rm(file, { force: true });
  }

  const files: FileEntry[] = [];
  const fileChunks = new Set<string>();
  // Uploads on their way in (`staging/`) are not content yet; everything else is.
  for (const stat of await deps.storage.list('')) {
    if (stat.key.startsWith('staging/')) continue;
    const cached = deps.fileCache?.get(stat.key);
    if (
      cached &&
      cached.size === stat.size &&
      cached.modifiedAt === stat.modifiedAt &&
      cached.chunks.every((name) => known.has(name))
    ) {
      files.push(cached);
      continue;
    }
    const body = await deps.storage.get(stat.key);
    // Deleted between the listing and now: it is not part of this point.
    if (!body) continue;
    const entry: FileEntry = {
      key: stat.key,
      modifiedAt: stat.modifiedAt,
      ...(stat.contentType ? { contentType: stat.contentType } : {}),
      ...(await storeStream(body)),
    };
    deps.fileCache?.set(stat.key, entry);
    files.push(entry);
  }
  for (const file of files) for (const name of file.chunks) fileChunks.add(name);

  // The file list and its chunk names are stored once for as long as the files stay the same.
  const fileList = await storeStream(Readable.from([gzipSync(JSON.stringify(files))]));
  const refs = [...fileChunks].sort();
  const fileRefs = createHash('sha256').update(refs.join('\n')).digest('hex');
  if (!(await store.stat(refsKey(fileRefs)))) {
    const body = Buffer.from(JSON.stringify(refs));
    await store.put(refsKey(fileRefs), Readable.from([body]));
    newBytes += body.length;
  }

  // A pruning in another process (the nightly job beside the shipper) may have collected an old
  // chunk this point reuses: look again before the point names it.
  const present = await knownChunks(store);
  const named = [...database.chunks, ...fileList.chunks, ...fileChunks];
  if (named.some((name) => !present.has(name))) {
    deps.fileCache?.clear();
    throw new ChunkVanished('a chunk this point reuses was collected meanwhile');
  }

  const id = pointIdOf(options.now, options.kind);
  const manifest: Manifest = {
    format: 1,
    id,
    createdAt: options.now,
    kind: options.kind,
    database,
    fileList,
    tables,
  };
  const sealed = await deps.sealer.seal(new TextEncoder().encode(JSON.stringify(manifest)));
  await store.put(`points/${id}.age`, Readable.from([Buffer.from(sealed)]));
  const index: PointIndex = {
    id,
    createdAt: options.now,
    kind: options.kind,
    size: database.size + files.reduce((sum, f) => sum + f.size, 0),
    newBytes: newBytes + sealed.length,
    chunks: [...new Set([...database.chunks, ...fileList.chunks])],
    fileRefs,
    recipient: deps.recipient,
  };
  // The index last: a point is listed (and offered) only once everything it names is there.
  await store.put(`points/${id}.json`, Readable.from([Buffer.from(JSON.stringify(index))]));
  if (options.shipment) options.shipment.last = sections;
  return index;
}
