import { createHash } from 'node:crypto';

/**
 * Content-defined chunking (a gear rolling hash, as FastCDC): a cut falls where the last bytes'
 * hash has its low bits zero, so inserting or changing bytes moves only the cuts near the change and
 * every other chunk keeps its name. That is what makes a daily backup of an unchanged (or slightly
 * changed) database or `pg_dump` cost almost nothing: fixed-size blocks would all shift after an
 * insertion into a dump.
 */
export interface ChunkSizes {
  min: number;
  /** Cut where `hash & mask === 0`: the mean chunk is about `min + mask + 1` bytes. */
  mask: number;
  max: number;
}

/** About 24 KiB on average: a changed row of a dump costs that much to ship, not the whole file. */
export const DEFAULT_SIZES: ChunkSizes = { min: 8 * 1024, mask: 0x3fff, max: 64 * 1024 };

/**
 * Fixed blocks, for a SQLite file: it changes in place, page by page, and never shifts, so blocks
 * aligned to its pages (64 KiB holds whole pages of any page size up to 64 KiB) keep their names
 * where content-defined cuts would stretch over runs of empty pages to the maximum size.
 */
export async function* blocksOf(source: AsyncIterable<Uint8Array>, size = 64 * 1024): AsyncGenerator<Buffer> {
  let pending = Buffer.alloc(0);
  for await (const piece of source) {
    pending = pending.length === 0 ? Buffer.from(piece) : Buffer.concat([pending, piece]);
    while (pending.length >= size) {
      yield pending.subarray(0, size);
      pending = pending.subarray(size);
    }
  }
  if (pending.length > 0) yield pending;
}

/** 256 fixed pseudo-random words: the same on every machine, so chunk boundaries never change. */
const GEAR = Uint32Array.from({ length: 256 }, (_, i) =>
  createHash('sha256').update(`candy-gear-${i}`).digest().readUInt32LE(0),
);

/** Where the next cut falls in `data` (a length), or -1 when more bytes are needed to decide. */
export const nextCut = (data: Uint8Array, sizes: ChunkSizes, final: boolean): number => {
  if (data.length <= sizes.min) return final && data.length > 0 ? data.length : -1;
  const end = Math.min(data.length, sizes.max);
  let hash = 0;
  for (let i = sizes.min; i < end; i += 1) {
    hash = ((hash << 1) + (GEAR[data[i] as number] as number)) >>> 0;
    if ((hash & sizes.mask) === 0) return i + 1;
  }
  if (end === sizes.max) return sizes.max;
  return final ? data.length : -1;
};

/** Splits a stream of bytes into content-defined chunks. */
export async function* chunksOf(
  source: AsyncIterable<Uint8Array>,
  sizes: ChunkSizes = DEFAULT_SIZES,
): AsyncGenerator<Buffer> {
  let pending = Buffer.alloc(0);
  for await (const piece of source) {
    pending = pending.length === 0 ? Buffer.from(piece) : Buffer.concat([pending, piece]);
    for (let cut = nextCut(pending, sizes, false); cut > 0; cut = nextCut(pending, sizes, false)) {
      yield pending.subarray(0, cut);
      pending = pending.subarray(cut);
    }
  }
  for (let cut = nextCut(pending, sizes, true); cut > 0; cut = nextCut(pending, sizes, true)) {
    yield pending.subarray(0, cut);
    pending = pending.subarray(cut);
  }
}
