import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { linesBackward, linesForward, type RawLine } from './lineReader.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-lines-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const withFile = async <T>(content: string, use: (file: fsp.FileHandle) => Promise<T>): Promise<T> => {
  const name = path.join(dir, `${Math.random().toString(36).slice(2)}.log`);
  await fsp.writeFile(name, content);
  const file = await fsp.open(name, 'r');
  try {
    return await use(file);
  } finally {
    await file.close();
  }
};

const drain = async (lines: AsyncGenerator<RawLine>) => {
  const all: RawLine[] = [];
  for await (const line of lines) all.push(line);
  return all;
};

/** The lines a file holds with their byte offsets, computed the plain way. */
const expected = (content: string): RawLine[] => {
  const result: RawLine[] = [];
  let offset = 0;
  for (const part of content.split('\n').slice(0, -1)) {
    if (part) result.push({ offset, text: part });
    offset += Buffer.byteLength(part) + 1;
  }
  return result;
};

describe('log line reader', () => {
  // Lines of many sizes (some longer than the 64 KB read piece) with multi-byte characters.
  const lines = Array.from({ length: 400 }, (_, index) =>
    JSON.stringify({
      n: index,
      msg: `第${index}行 ${'糖'.repeat((index * 997) % 3000)}${index % 97 === 0 ? 'x'.repeat(70_000) : ''}`,
    }),
  );
  const content = `${lines.join('\n')}\n`;

  it('reads every complete line backwards with its byte offset', async () => {
    const all = await withFile(content, async (file) => drain(linesBackward(file, (await file.stat()).size)));
    expect(all).toEqual(expected(content).reverse());
    expect(all).toHaveLength(400);
  });

  it('continues backwards from a line start without repeating it', async () => {
    const reference = expected(content);
    const cursor = reference[250] as RawLine;
    const older = await withFile(content, (file) => drain(linesBackward(file, cursor.offset)));
    expect(older).toEqual(reference.slice(0, 250).reverse());
  });

  it('leaves out a last line that is still being written', async () => {
    const partial = `${content}{"n":400,"msg":"half`;
    const backward = await withFile(partial, async (file) =>
      drain(linesBackward(file, (await file.stat()).size)),
    );
    expect(backward[0]?.text).toBe(lines[399]);
    const forward = await withFile(partial, (file) => drain(linesForward(file, 0)));
    expect(forward.map((line) => line.text)).toEqual(lines);
  });

  it('reads forwards from an offset with the same offsets', async () => {
    const reference = expected(content);
    const from = reference[123] as RawLine;
    const newer = await withFile(content, (file) => drain(linesForward(file, from.offset)));
    expect(newer).toEqual(reference.slice(123));
  });

  it('reads nothing from an empty file and skips blank lines', async () => {
    expect(await withFile('', (file) => drain(linesBackward(file, 0)))).toEqual([]);
    const sparse = 'a\n\nb\n';
    expect(await withFile(sparse, (file) => drain(linesBackward(file, 5)))).toEqual([
      { offset: 3, text: 'b' },
      { offset: 0, text: 'a' },
    ]);
  });
});
