import path from 'node:path';
import type { Config } from '../config.ts';
import { createLocalStorage } from './local.ts';
import { createS3Storage } from './s3.ts';
import type { BlobStorage } from './types.ts';

export { createLocalStorage } from './local.ts';
export type { BlobStat, BlobStorage, ByteRange } from './types.ts';

/**
 * Blobs that are never served at `/files/`: uploads on their way into the file repository, and
 * temporary blobs (readable only through their link, and only until they expire).
 */
export const PRIVATE_PREFIXES = ['staging/', 'buffer/'] as const;
export const isPrivateKey = (key: string): boolean =>
  PRIVATE_PREFIXES.some((prefix) => key.startsWith(prefix));

/** The public URL a stored blob is served at (`/files/{key}`), the same for every backend. */
export const publicUrlOf = (key: string): string =>
  `/files/${key.split('/').map(encodeURIComponent).join('/')}`;

/** The backend the configuration names (`STORAGE`): `DATA_DIR/files`, or the S3 bucket. */
export const createStorage = (config: Pick<Config, 'dataDir' | 'storage'>): BlobStorage =>
  config.storage.kind === 's3'
    ? createS3Storage(config.storage)
    : createLocalStorage(path.join(config.dataDir, 'files'));
