import type { Readable } from 'node:stream';

/** What the store knows about one blob. */
export interface BlobStat {
  key: string;
  size: number;
  /** Last modification, ms epoch. */
  modifiedAt: number;
  contentType: string | undefined;
}

/** An inclusive byte range, as HTTP `Range: bytes=start-end` names it. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Blob storage (DESIGN §2 `storage/`, §10): every upload of the product goes through it, so several
 * replicas can share blobs when the backend is shared. Keys are relative paths (`images/2026/ab.png`),
 * already made safe by the caller with `safeRelativePath`; a backend never trusts them further than that.
 */
export interface BlobStorage {
  /** Which backend this is (`local`, `s3`), for system info and logs. */
  readonly kind: string;
  /**
   * Stores a stream under `key`, replacing any blob there. The blob appears only once complete:
   * a stream that fails or is destroyed midway leaves nothing behind. Answers the size written.
   */
  put(key: string, body: Readable, options?: { contentType?: string }): Promise<{ size: number }>;
  /** Reads a blob (or a byte range of it); null when there is none. */
  get(key: string, range?: ByteRange): Promise<Readable | null>;
  stat(key: string): Promise<BlobStat | null>;
  /** Removes a blob; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Every blob whose key starts with `prefix`, in key order. */
  list(prefix: string): Promise<BlobStat[]>;
  /**
   * Removes what writes that died midway (a killed process) left under `prefix`, answering how many.
   * Only the local disk has such leftovers: an S3 upload that never completed is no object.
   */
  sweepUnfinished?(prefix: string): Promise<number>;
}
