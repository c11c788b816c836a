/**
 * Tencent Mars xlog. Each block: magic (1), seq (2), begin hour (1), end hour (1), length (4,
 * little-endian), crypt key (4 bytes in old versions, 64 since), data, 0x00. Only blocks written
 * without a key can be read; encrypted ones need the app's private key, which we never have.
 */
import { said } from '../shared/said.ts';
import { inflate } from './inflate.ts';
import type { Stop } from './logan.ts';
import { type LogRecord, splitLines, textRecord } from './records.ts';

type BlockKind = 'plain' | 'deflate' | 'deflate-chunks' | 'encrypted' | 'zstd';

const MAGICS: Record<number, { keyLength: number; kind: BlockKind }> = {
  3: { keyLength: 4, kind: 'plain' },
  4: { keyLength: 4, kind: 'deflate' },
  5: { keyLength: 4, kind: 'deflate-chunks' },
  6: { keyLength: 64, kind: 'plain' }, // sync mode: written line by line, never encrypted
  7: { keyLength: 64, kind: 'encrypted' },
  8: { keyLength: 64, kind: 'plain' },
  9: { keyLength: 64, kind: 'deflate' },
  10: { keyLength: 64, kind: 'zstd' },
  11: { keyLength: 64, kind: 'zstd' },
  12: { keyLength: 64, kind: 'encrypted' },
  13: { keyLength: 64, kind: 'zstd' },
};

const HEADER = 1 + 2 + 1 + 1 + 4;

interface XlogBlock {
  offset: number;
  kind: BlockKind;
  data: Uint8Array;
}

const blockAt = (bytes: Uint8Array, i: number): XlogBlock | null => {
  const magic = MAGICS[bytes[i]!];
  if (!magic || i + HEADER + magic.keyLength > bytes.length) return null;
  const length = new DataView(bytes.buffer, bytes.byteOffset + i + 5, 4).getUint32(0, true);
  const start = i + HEADER + magic.keyLength;
  if (start + length >= bytes.length || bytes[start + length] !== 0x00) return null;
  return { offset: i, kind: magic.kind, data: bytes.subarray(start, start + length) };
};

export const looksLikeXlog = (bytes: Uint8Array): boolean => blockAt(bytes, 0) !== null;

/** Old async blocks: 2-byte little-endian lengths, each followed by that many deflate bytes. */
const joinChunks = (data: Uint8Array): Uint8Array => {
  const parts: Uint8Array[] = [];
  for (let i = 0; i + 2 <= data.length; ) {
    const n = data[i]! | (data[i + 1]! << 8);
    parts.push(data.subarray(i + 2, i + 2 + n));
    i += 2 + n;
  }
  const out = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
};

export interface XlogResult {
  records: LogRecord[];
  blocks: number;
  encrypted: number;
  zstd: number;
  stoppedAt: Stop | null;
}

export const decodeXlog = async (
  bytes: Uint8Array,
  source: string,
  onBlock?: (offset: number) => void,
): Promise<XlogResult> => {
  const result: XlogResult = { records: [], blocks: 0, encrypted: 0, zstd: 0, stoppedAt: null };
  let i = 0;
  while (i < bytes.length) {
    if (bytes[i] === 0x00) {
      i++;
      continue;
    }
    const block = blockAt(bytes, i);
    if (!block) {
      result.stoppedAt = { offset: i, reason: said('utils.oplus-log-decrypt.stop.xlog', { offset: i }) };
      break;
    }
    i = block.data.byteOffset - bytes.byteOffset + block.data.length + 1;
    result.blocks++;
    let text: Uint8Array | null = null;
    switch (block.kind) {
      case 'plain':
        text = block.data;
        break;
      case 'deflate':
        text = (await inflate(block.data, 'deflate-raw')).bytes;
        break;
      case 'deflate-chunks':
        text = (await inflate(joinChunks(block.data), 'deflate-raw')).bytes;
        break;
      case 'encrypted':
        result.encrypted++;
        break;
      case 'zstd':
        result.zstd++;
        break;
    }
    if (text) {
      for (const line of splitLines(new TextDecoder().decode(text)))
        result.records.push(textRecord(line, source));
    }
    onBlock?.(i);
  }
  return result;
};
