import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { blocksOf, type ChunkSizes, chunksOf } from './chunker.ts';

const sizes: ChunkSizes = { min: 256, mask: 0x3ff, max: 4096 };

/** Feeds `data` in pieces of `piece` bytes, as a file stream would. */
const cut = async (data: Buffer, piece = 1000) => {
  async function* pieces() {
    for (let at = 0; at < data.length; at += piece) yield data.subarray(at, at + piece);
  }
  const out: Buffer[] = [];
  for await (const chunk of chunksOf(pieces(), sizes)) out.push(Buffer.from(chunk));
  return out;
};
const names = (chunks: Buffer[]) => chunks.map((c) => createHash('sha256').update(c).digest('hex'));

describe('content-defined chunks', () => {
  const data = randomBytes(200_000);

  it.each([1, 333, 1000, 65_536])('reassemble to the input whatever the read size (%i)', async (piece) => {
    const chunks = await cut(data, piece);
    expect(Buffer.concat(chunks).equals(data)).toBe(true);
    expect(
      chunks.every((c, i) => c.length <= sizes.max && (c.length >= sizes.min || i === chunks.length - 1)),
    ).toBe(true);
    expect(names(chunks)).toEqual(names(await cut(data)));
  });

  it('keep almost every chunk when bytes are inserted near the start', async () => {
    const before = names(await cut(data));
    const edited = Buffer.concat([data.subarray(0, 5000), Buffer.from('插入的几个字'), data.subarray(5000)]);
    const after = new Set(names(await cut(edited)));
    const kept = before.filter((name) => after.has(name)).length;
    // Fixed-size blocks would all shift; here only the chunks around the insertion change.
    expect(kept).toBeGreaterThan(before.length - 4);
  });

  it('cut a SQLite file in fixed blocks: a changed page changes one block', async () => {
    const blocks = async (bytes: Buffer) => {
      const out: Buffer[] = [];
      for await (const block of blocksOf(
        Readable.from([bytes.subarray(0, 7000), bytes.subarray(7000)]),
        4096,
      ))
        out.push(Buffer.from(block));
      return out;
    };
    const file = randomBytes(5 * 4096 + 100);
    const before = names(await blocks(file));
    expect(before).toHaveLength(6);
    const edited = Buffer.from(file);
    edited[2 * 4096 + 5] = (edited[2 * 4096 + 5] ?? 0) ^ 0xff;
    const after = names(await blocks(edited));
    expect(after.filter((name, i) => name !== before[i])).toHaveLength(1);
  });

  it('answer nothing for nothing', async () => {
    expect(await cut(Buffer.alloc(0))).toEqual([]);
  });
});
