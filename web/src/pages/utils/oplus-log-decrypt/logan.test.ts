import { createCipheriv } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SaidError } from '../shared/said.ts';
import { say } from '../shared/say.ts';
import { decodeLogFile } from './decodeFile.ts';
import {
  decryptLogan,
  LOGAN_DEFAULT_IV,
  LOGAN_DEFAULT_KEY,
  splitLoganBlocks,
  WrongKeyError,
} from './logan.ts';

interface LoganLine {
  c: string;
  f: number;
  l: number;
  n: string;
  i: number;
  m: boolean;
}

const line = (n: number): LoganLine => ({
  c: `消息 ${n} {"nested":true}`,
  f: n % 3 === 0 ? 2 : 1,
  l: 1_700_000_000_000 + n * 1000,
  n: n % 2 ? 'main' : `worker-${n}`,
  i: n % 2 ? 1 : 100 + n,
  m: n % 2 === 1,
});

/** Writes a Logan file the way the library does: gzip, AES-128-CBC per block, 0x01 len … 0x00. */
const writeLogan = (
  batches: LoganLine[][],
  { key = Buffer.from(LOGAN_DEFAULT_KEY), iv = Buffer.from(LOGAN_DEFAULT_IV), zeroPadding = false } = {},
): Uint8Array => {
  const parts: Buffer[] = [];
  for (const batch of batches) {
    let plain = gzipSync(batch.map((l) => `${JSON.stringify(l)}\n`).join(''));
    const cipher = createCipheriv('aes-128-cbc', key, iv);
    if (zeroPadding) {
      cipher.setAutoPadding(false);
      plain = Buffer.concat([plain, Buffer.alloc((16 - (plain.length % 16)) % 16)]);
    }
    const encrypted = Buffer.concat([cipher.update(plain), cipher.final()]);
    const header = Buffer.alloc(5);
    header[0] = 0x01;
    header.writeUInt32BE(encrypted.length, 1);
    parts.push(header, encrypted, Buffer.from([0x00]));
  }
  // Logan's mmap cache leaves zeros after the last block.
  parts.push(Buffer.alloc(64));
  return new Uint8Array(Buffer.concat(parts));
};

const batches = [
  [line(1), line(2), line(3)],
  [line(4), line(5)],
  [line(6), line(7), line(8), line(9)],
];
const all = batches.flat();

describe('Logan decryption', () => {
  it('decrypts a file written with the default key and IV into its records', async () => {
    const result = await decryptLogan(writeLogan(batches), {
      key: LOGAN_DEFAULT_KEY,
      iv: LOGAN_DEFAULT_IV,
      source: 'a.dog2',
    });
    expect(result.blocks).toBe(3);
    expect(result.stoppedAt).toBeNull();
    expect(result.records.map((r) => r.message)).toEqual(all.map((l) => l.c));
  });

  it('maps c, f, l, n, i and m onto message, type, time, thread, thread id and main', async () => {
    const { records } = await decryptLogan(writeLogan([[line(3)]]), {
      key: LOGAN_DEFAULT_KEY,
      iv: LOGAN_DEFAULT_IV,
      source: 'a.dog1',
    });
    expect(records[0]).toEqual({
      message: line(3).c,
      type: '2',
      time: 1_700_000_003_000,
      thread: 'main',
      threadId: '1',
      main: true,
      source: 'a.dog1',
    });
  });

  it.each([
    ['a text key', 'candyjar-key-123', 'candyjar-iv-4567'],
    ['a hex key', '00112233445566778899aabbccddeeff', 'ffeeddccbbaa99887766554433221100'],
  ])('decrypts a file written with %s when given that key', async (_, key, iv) => {
    const raw = (text: string) => (text.length === 32 ? Buffer.from(text, 'hex') : Buffer.from(text));
    const file = writeLogan(batches, { key: raw(key), iv: raw(iv) });
    const { records } = await decryptLogan(file, { key, iv, source: 'x' });
    expect(records).toHaveLength(all.length);
  });

  it('reads blocks padded with zeros instead of PKCS#7', async () => {
    const { records } = await decryptLogan(writeLogan(batches, { zeroPadding: true }), {
      key: LOGAN_DEFAULT_KEY,
      iv: LOGAN_DEFAULT_IV,
      source: 'x',
    });
    expect(records.map((r) => r.message)).toEqual(all.map((l) => l.c));
  });

  it('says the key is wrong instead of returning garbage', async () => {
    const file = writeLogan(batches, { key: Buffer.from('another-key-0000') });
    await expect(
      decryptLogan(file, { key: LOGAN_DEFAULT_KEY, iv: LOGAN_DEFAULT_IV, source: 'x' }),
    ).rejects.toThrow(WrongKeyError);
    const [report] = await decodeLogFile(file, 'x.dog2', { key: LOGAN_DEFAULT_KEY, iv: LOGAN_DEFAULT_IV });
    expect(report).toMatchObject({ format: 'logan', records: [] });
    expect(say(report!.error!)).toContain('密钥或 IV 不正确');
  });

  it('rejects a key that is not 16 bytes with a clear message', async () => {
    const refused = await decryptLogan(writeLogan(batches), {
      key: 'short',
      iv: LOGAN_DEFAULT_IV,
      source: 'x',
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SaidError);
    expect(say((refused as SaidError).said)).toBe('密钥要 16 个字符（或 32 位十六进制），现在是 5 字节');
  });

  it('decodes the blocks before a truncation and says where it stopped', async () => {
    const file = writeLogan(batches);
    const third = splitLoganBlocks(file).blocks[2]!.offset;
    const cut = file.subarray(0, third + 20);
    const result = await decryptLogan(cut, { key: LOGAN_DEFAULT_KEY, iv: LOGAN_DEFAULT_IV, source: 'x' });
    expect(result.records.map((r) => r.message)).toEqual([...batches[0]!, ...batches[1]!].map((l) => l.c));
    expect(result.stoppedAt?.offset).toBe(third);
    expect(say(result.stoppedAt!.reason)).toContain('截断');
  });
});
