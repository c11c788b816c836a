import { deflateRawSync } from 'node:zlib';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { say } from '../shared/say.ts';
import { decodeLogFile } from './decodeFile.ts';
import { LOGAN_DEFAULT_IV, LOGAN_DEFAULT_KEY } from './logan.ts';
import { textRecord } from './records.ts';

const options = { key: LOGAN_DEFAULT_KEY, iv: LOGAN_DEFAULT_IV };
const MARS_LINES = [
  '[I][2024-01-02 +8.0 12:34:56.789][1234, 1234*][net][http.cc:10, get][request sent',
  '[E][2024-01-02 +8.0 12:34:57.001][1234, 77][net][http.cc:20, get][timeout',
];

/** One Mars xlog block: magic, seq, hours, little-endian length, 64-byte key field, data, 0x00. */
const xlogBlock = (magic: number, data: Uint8Array): Buffer => {
  const header = Buffer.alloc(9 + 64);
  header[0] = magic;
  header.writeUInt16LE(1, 1);
  header.writeUInt32LE(data.length, 5);
  return Buffer.concat([header, data, Buffer.from([0x00])]);
};

const text = (s: string) => new TextEncoder().encode(s);

describe('recognising and decoding log files', () => {
  it('reads a Mars xlog written without a key (compressed and plain blocks)', async () => {
    const file = Buffer.concat([
      xlogBlock(0x09, deflateRawSync(`${MARS_LINES[0]}\n`)),
      xlogBlock(0x08, text(`${MARS_LINES[1]}\n`)),
    ]);
    const [report] = await decodeLogFile(new Uint8Array(file), 'app.xlog', options);
    expect(report).toMatchObject({ format: 'xlog', error: null, stoppedAt: null });
    expect(say(report!.summary!)).toBe('Mars xlog：2 块，2 条记录');
    expect(report!.records.map((r) => [r.type, r.message])).toEqual([
      ['I', MARS_LINES[0]],
      ['E', MARS_LINES[1]],
    ]);
  });

  it('refuses to pretend it can read an xlog encrypted with the app key', async () => {
    const file = xlogBlock(0x07, new Uint8Array(48).fill(7));
    const [report] = await decodeLogFile(new Uint8Array(file), 'app.xlog', options);
    expect(report!.records).toEqual([]);
    expect(say(report!.error!)).toContain('加密');
    expect(say(report!.summary!)).toBe('Mars xlog：1 块，0 条记录；1 块用 App 的私钥加密，无法解密');
  });

  it('opens a zip of a plain log folder, one report per file', async () => {
    const zip = zipSync({
      'logs/': new Uint8Array(),
      'logs/app.log': text('2024-01-02 12:00:00.123 I start\n2024-01-02 12:00:01.000 W slow\n'),
      'logs/sub/net.txt': text('connect ok\n'),
    });
    const reports = await decodeLogFile(zip, 'logs.zip', options);
    expect(reports.map((r) => [r.source, r.format, r.records.length])).toEqual([
      ['logs.zip/logs/app.log', 'text', 2],
      ['logs.zip/logs/sub/net.txt', 'text', 1],
    ]);
  });

  it('names anything else an unknown format without records', async () => {
    const noise = new Uint8Array(256).map((_, i) => (i * 73 + 11) % 256);
    const [report] = await decodeLogFile(noise, 'mystery.bin', options);
    expect(report).toMatchObject({ format: 'unknown', records: [] });
    expect(say(report!.error!)).toContain('无法识别');
  });
});

describe('times of text log lines', () => {
  it.each([
    [MARS_LINES[0]!, Date.UTC(2024, 0, 2, 4, 34, 56, 789), 'I'],
    ['2024-01-02T12:00:00.5Z ERROR boom', Date.UTC(2024, 0, 2, 12, 0, 0, 500), 'E'],
    ['2024-01-02 12:00:00+08:00 [W] x', Date.UTC(2024, 0, 2, 4, 0, 0), 'W'],
    ['no time here', null, ''],
  ])('%s → %s', (line, time, type) => {
    expect(textRecord(line, 's')).toMatchObject({ time, type });
  });
});
