import path from 'node:path';
import type { Readable } from 'node:stream';
import { createLocalStorage } from '../../storage/local.ts';
import { createS3Storage } from '../../storage/s3.ts';
import type { BlobStat, BlobStorage } from '../../storage/types.ts';

/** Credentials for an S3 destination (`BACKUP_S3_*`): a second bucket, not the site's own. */
export interface BackupS3Settings {
  endpoint: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/**
 * Where backups go: a folder (another disk) or `s3://bucket/prefix`. Either is a blob store with
 * the same keys (`chunks/…`, `points/…`, `drills/…`), so the archive format is one whichever it is.
 */
export interface Destination {
  /** As the owner wrote it (shown in the back office; it never holds the credentials). */
  label: string;
  store: BlobStorage;
}

/** The store under a key prefix (an S3 destination may share its bucket with other things). */
const underPrefix = (store: BlobStorage, prefix: string): BlobStorage => {
  if (!prefix) return store;
  const full = (key: string) => `${prefix}/${key}`;
  const strip = (stat: BlobStat): BlobStat => ({ ...stat, key: stat.key.slice(prefix.length + 1) });
  return {
    kind: store.kind,
    put: (key: string, body: Readable, options?: { contentType?: string }) =>
      store.put(full(key), body, options),
    get: (key, range) => store.get(full(key), range),
    stat: async (key) => {
      const found = await store.stat(full(key));
      return found ? strip(found) : null;
    },
    delete: (key) => store.delete(full(key)),
    list: async (listPrefix) => (await store.list(full(listPrefix))).map(strip),
  };
};

export const openDestination = (spec: string, s3: BackupS3Settings): Destination => {
  const match = /^s3:\/\/([^/]+)\/?(.*)$/.exec(spec);
  if (!match) return { label: path.resolve(spec), store: createLocalStorage(path.resolve(spec)) };
  const [, bucket = '', prefix = ''] = match;
  return {
    label: spec,
    store: underPrefix(createS3Storage({ ...s3, bucket }), prefix.replace(/\/+$/, '')),
  };
};
