import { z } from 'zod';

/**
 * One point of the archive. `points/<id>.age` is this manifest sealed to the owner (it names every
 * file and the table statistics); `points/<id>.json` is the plain index beside it — the chunk names
 * (keyed hashes that say nothing of the content), sizes and kind — so the server, which cannot open
 * manifests, can list points for the back office and collect unreferenced chunks.
 */
const Blob = z.object({
  /** Chunk names in order. */
  chunks: z.array(z.string().regex(/^[0-9a-f]{64}$/)),
  size: z.number().int().nonnegative(),
  /** SHA-256 of the whole plaintext: restore checks what it reassembled. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

/** Per table: its row count and a hash of a sample of its rows, as they were at the point. */
export const TableStats = z.record(z.string(), z.object({ rows: z.number().int(), sample: z.string() }));
export type TableStats = z.infer<typeof TableStats>;

export const Manifest = z.object({
  format: z.literal(1),
  id: z.string(),
  createdAt: z.number().int(),
  kind: z.enum(['daily', 'point']),
  database: Blob.extend({ dialect: z.enum(['sqlite', 'postgres']) }),
  files: z.array(
    Blob.extend({ key: z.string(), modifiedAt: z.number(), contentType: z.string().optional() }),
  ),
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
  chunks: z.array(z.string()),
});
export type PointIndex = z.infer<typeof PointIndex>;

/** `20261205T031500123Z-daily`: sorts by time, readable in a directory listing. */
export const pointIdOf = (createdAt: number, kind: 'daily' | 'point'): string =>
  `${new Date(createdAt).toISOString().replace(/[-:.]/g, '')}-${kind}`;

export const chunkKey = (name: string): string => `chunks/${name.slice(0, 2)}/${name}`;
