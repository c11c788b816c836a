import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local.ts';

describe('local blob storage', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-storage-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('stores a stream and reads it back whole and by range', async () => {
    const storage = createLocalStorage(root);
    expect(await storage.put('a/b/hello.txt', Readable.from(['hello ', 'world']))).toEqual({ size: 11 });
    expect(await text((await storage.get('a/b/hello.txt')) as Readable)).toBe('hello world');
    expect(await text((await storage.get('a/b/hello.txt', { start: 6, end: 10 })) as Readable)).toBe('world');
    expect(await storage.stat('a/b/hello.txt')).toMatchObject({ key: 'a/b/hello.txt', size: 11 });
  });

  it('answers null for a missing blob and deletes quietly', async () => {
    const storage = createLocalStorage(root);
    expect(await storage.get('nope')).toBeNull();
    expect(await storage.stat('nope')).toBeNull();
    await storage.delete('nope');
  });

  it('lists by prefix in key order', async () => {
    const storage = createLocalStorage(root);
    for (const key of ['img/2.png', 'img/1.png', 'video/1.mp4', 'imgx.png'])
      await storage.put(key, Readable.from(['x']));
    expect((await storage.list('img/')).map((s) => s.key)).toEqual(['img/1.png', 'img/2.png']);
    expect((await storage.list('img')).map((s) => s.key)).toEqual(['img/1.png', 'img/2.png', 'imgx.png']);
    await storage.delete('img/1.png');
    expect((await storage.list('img/')).map((s) => s.key)).toEqual(['img/2.png']);
  });

  it('leaves nothing behind when the stream fails midway', async () => {
    const storage = createLocalStorage(root);
    async function* broken() {
      yield Buffer.alloc(1000);
      throw new Error('connection lost');
    }
    await expect(storage.put('up/file.bin', Readable.from(broken()))).rejects.toThrow('connection lost');
    expect(await storage.stat('up/file.bin')).toBeNull();
    expect(fs.readdirSync(path.join(root, 'up'))).toEqual([]);
  });

  it.each(['../escape', '/abs', 'a/../../b', '.git/config'])('refuses the unsafe key %s', async (key) => {
    const storage = createLocalStorage(root);
    await expect(storage.put(key, Readable.from(['x']))).rejects.toMatchObject({ code: 4000 });
  });
});
