import * as z from 'zod';

/**
 * One point of the archive. `points/<id>.age` is the manifest sealed to the owner (the database
 * blob, the blob that lists every file, the table statistics); `points/<id>.json` is the plain
 * index beside it — sizes, kind, and the chunk names it uses (keyed hashes that say nothing of the
 * content) — so the server, which cannot open manifests, can list points and collect unused chunks.
 * The list of files and the names of their chunks are blobs of their own, shared by every point
 * while the files stay the same: a point every minute costs its database chunks' names, not a
 * copy of the whole file list.
 */
export const Blob = z.object({
  /** Chunk names in order. */
  chunks: z.array(z.string().regex(/^[0-9a-f]{64}$/)),
  size: z.number().int().nonnegative(),
  /** SHA-256 of the whole plaintext: restore checks what it reassembled. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type Blob = z.infer<typeof Blob>;

export const FileEntry = Blob.extend({
  key: z.string(),
  modifiedAt: z.number(),
  contentType: z.string().optional(),
});
export type FileEntry = z.infer<typeof FileEntry>;
export const FileList = z.array(FileEntry);

/** Per table: its row count and a hash of a sample of its rows, as they were at the point. */
export const TableStats = z.record(z.string(), z.object({ rows: z.number().int(), sample: z.string() }));
export type TableStats = z.infer<typeof TableStats>;

export const Manifest = z.object({
  format: z.literal(1),
  id: z.string(),
  createdAt: z.number().int(),
  kind: z.enum(['daily', 'point']),
  database: Blob.extend({ dialect: z.enum(['sqlite', 'postgres']) }),
  /** The files as a gzipped JSON FileList, stored like any other blob. */
  fileList: Blob,
  tables: TableStats,
});
export type Manifest = z.infer<typeof Manifest>;

export const PointIndex = z.object({
  id: z.string(),
  createdAt: z.number().int(),
  kind: z.enum(['daily', 'point']),
  /** Bytes of the database and files this point restores. */
  size: z.number().int(),
  /** Bytes this point uploaded (new chunks and its manifest). */
  newBytes: z.number().int(),
  /** The chunks of its database and of its file list. */
  chunks: z.array(z.string()),
  /** `refs/<fileRefs>.json`: the names of the chunks of its files (shared by points). */
  fileRefs: z.string().regex(/^[0-9a-f]{64}$/),
  /** The owner's public key it was sealed to: a restore with another key is refused, not blamed on the point. */
  recipient: z.string(),
});
export type PointIndex = z.infer<typeof PointIndex>;
export const ChunkNames = z.array(z.string().regex(/^[0-9a-f]{64}$/));

export type PointKind = 'daily' | 'point';

/** `20261205T031500123Z-daily`: sorts by time, readable in a directory listing. */
export const pointIdOf = (createdAt: number, kind: PointKind): string =>
  `${new Date(createdAt).toISOString().replace(/[-:.]/g, '')}-${kind}`;

/** The time and kind a point id names, or null for a name that is no point id. */
export const parsePointId = (id: string): { createdAt: number; kind: PointKind } | null => {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z-(daily|point)$/.exec(id);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, ms, kind] = m;
  return { createdAt: Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}.${ms}Z`), kind: kind as PointKind };
};

export const chunkKey = (name: string): string => `chunks/${name.slice(0, 2)}/${name}`;
export const refsKey = (hash: string): string => `refs/${hash}.json`;
