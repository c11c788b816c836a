import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeS3, startFakeS3 } from '../../test/fakes/s3.ts';
import { loadConfig } from '../config.ts';
import { type BlobStorage, createStorage } from './index.ts';

/** The same behaviour from both backends: a directory, and a real S3 API (s3rver) on 127.0.0.1. */
describe.each(['local', 's3'] as const)('blob storage: %s', (kind) => {
  let storage: BlobStorage;
  let fake: FakeS3 | undefined;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-blobs-'));
    if (kind === 's3') fake = await startFakeS3();
    storage = createStorage(loadConfig({ DATA_DIR: dataDir, ...fake?.env }));
  });
  afterAll(async () => {
    await fake?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores a stream and reads it back whole and by range, with its size and type', async () => {
    expect(storage.kind).toBe(kind);
    expect(
      await storage.put('a/b/hello.txt', Readable.from(['hello ', 'world']), { contentType: 'text/plain' }),
    ).toEqual({ size: 11 });
    expect(await text((await storage.get('a/b/hello.txt')) as Readable)).toBe('hello world');
    expect(await text((await storage.get('a/b/hello.txt', { start: 6, end: 10 })) as Readable)).toBe('world');
    expect(await storage.stat('a/b/hello.txt')).toMatchObject({ key: 'a/b/hello.txt', size: 11 });
  });

  it('streams a large blob in pieces (several S3 parts) and reads it back equal', async () => {
    const piece = Buffer.alloc(64 * 1024);
    for (let i = 0; i < piece.length; i += 1) piece[i] = i % 251;
    async function* pieces() {
      for (let n = 0; n < 200; n += 1) yield piece; // 12.5 MB
    }
    expect(await storage.put('big/blob.bin', Readable.from(pieces()))).toEqual({ size: 200 * piece.length });
    const tail = await text(
      (await storage.get('big/blob.bin', {
        start: 200 * piece.length - 3,
        end: 200 * piece.length - 1,
      })) as Readable,
    );
    expect(Buffer.from(tail, 'latin1')).toEqual(piece.subarray(piece.length - 3));
    expect((await storage.stat('big/blob.bin'))?.size).toBe(200 * piece.length);
  });

  it('answers null for a missing blob and deletes quietly', async () => {
    expect(await storage.get('nope')).toBeNull();
    expect(await storage.stat('nope')).toBeNull();
    await storage.delete('nope');
  });

  it('lists by prefix in key order', async () => {
    for (const key of ['img/2.png', 'img/1.png', 'video/1.mp4', 'imgx.png'])
      await storage.put(key, Readable.from(['x']));
    expect((await storage.list('img/')).map((s) => s.key)).toEqual(['img/1.png', 'img/2.png']);
    expect((await storage.list('img')).map((s) => s.key)).toEqual(['img/1.png', 'img/2.png', 'imgx.png']);
    await storage.delete('img/1.png');
    expect((await storage.list('img/')).map((s) => s.key)).toEqual(['img/2.png']);
  });

  it('leaves nothing behind when the stream fails midway', async () => {
    async function* broken() {
      yield Buffer.alloc(1000);
      throw new Error('connection lost');
    }
    await expect(storage.put('up/file.bin', Readable.from(broken()))).rejects.toThrow('connection lost');
    expect(await storage.stat('up/file.bin')).toBeNull();
    expect(await storage.list('up/')).toEqual([]);
  });

  it.each(['../escape', '/abs', 'a/../../b', '.git/config'])('refuses the unsafe key %s', async (key) => {
    await expect(storage.put(key, Readable.from(['x']))).rejects.toMatchObject({ code: 4000 });
  });
});
