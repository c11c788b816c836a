/**
 * Logan (Meituan; forked by OPPO/OnePlus/realme apps into .dog1/.dog2/.dog3 files): blocks of
 * 0x01, a 4-byte big-endian length, AES-128-CBC ciphertext (IV reset per block), 0x00. Each
 * block's plaintext is gzip holding one JSON record per line.
 */
import { type Said, SaidError, said } from '../shared/said.ts';
import { inflate, isGzip, isZlib } from './inflate.ts';
import { type LogRecord, loganRecord, splitLines } from './records.ts';

export const LOGAN_DEFAULT_KEY = '0123456789012345';
export const LOGAN_DEFAULT_IV = '0123456789012345';

const BLOCK_START = 0x01;
const BLOCK_END = 0x00;

export interface LoganBlock {
  offset: number;
  cipher: Uint8Array;
}

export interface Stop {
  offset: number;
  /** Why, for the page to translate (a worker has no catalogue). */
  reason: Said;
}

export interface LoganResult {
  records: LogRecord[];
  blocks: number;
  stoppedAt: Stop | null;
}

export class WrongKeyError extends SaidError {}
export class KeyFormatError extends SaidError {}

const hex = (n: number) => `0x${n.toString(16).padStart(2, '0')}`;

/** Splits a file into blocks; stops at the first damage and says where and why. */
export const splitLoganBlocks = (bytes: Uint8Array): { blocks: LoganBlock[]; stoppedAt: Stop | null } => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const blocks: LoganBlock[] = [];
  let i = 0;
  while (i < bytes.length) {
    const marker = bytes[i]!;
    // Logan writes through a zero-filled mmap cache: zeros between and after blocks are padding.
    if (marker === BLOCK_END) {
      i++;
      continue;
    }
    if (marker !== BLOCK_START) {
      return {
        blocks,
        stoppedAt: {
          offset: i,
          reason: said('utils.oplus-log-decrypt.stop.marker', {
            block: blocks.length + 1,
            byte: hex(marker),
          }),
        },
      };
    }
    if (i + 5 > bytes.length) {
      return {
        blocks,
        stoppedAt: {
          offset: i,
          reason: said('utils.oplus-log-decrypt.stop.length', { block: blocks.length + 1 }),
        },
      };
    }
    const length = view.getUint32(i + 1);
    const start = i + 5;
    if (length === 0 || start + length > bytes.length) {
      return {
        blocks,
        stoppedAt: {
          offset: i,
          reason: said('utils.oplus-log-decrypt.stop.truncated', {
            block: blocks.length + 1,
            length,
            left: bytes.length - start,
          }),
        },
      };
    }
    blocks.push({ offset: i, cipher: bytes.subarray(start, start + length) });
    i = start + length;
    if (bytes[i] === BLOCK_END) i++;
  }
  return { blocks, stoppedAt: null };
};

/** 16 characters (UTF-8 bytes) or 32 hex digits. */
export const keyBytes = (value: string, name: 'key' | 'iv'): Uint8Array<ArrayBuffer> => {
  if (/^[0-9a-fA-F]{32}$/.test(value)) {
    return Uint8Array.from(value.match(/../g)!.map((h) => Number.parseInt(h, 16)));
  }
  const bytes = new TextEncoder().encode(value);
  if (bytes.length !== 16)
    throw new KeyFormatError(said(`utils.oplus-log-decrypt.${name}.length`, { bytes: bytes.length }));
  return bytes;
};

const importKey = (key: Uint8Array<ArrayBuffer>) =>
  crypto.subtle.importKey('raw', key, { name: 'AES-CBC' }, false, ['encrypt', 'decrypt']);

/**
 * AES-CBC decryption that also accepts data without PKCS#7 padding (some Logan builds pad with
 * zeros): WebCrypto insists on PKCS#7, so on failure we append the one block that decrypts to a full
 * padding block and decrypt again, getting every original byte back.
 */
const decryptBlock = async (
  key: CryptoKey,
  iv: Uint8Array<ArrayBuffer>,
  cipher: Uint8Array,
): Promise<{ plain: Uint8Array; pkcs7: boolean }> => {
  const data = cipher.slice();
  try {
    return {
      plain: new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-CBC', iv }, key, data)),
      pkcs7: true,
    };
  } catch {
    const last = data.length >= 16 ? data.slice(data.length - 16) : iv;
    const pad = new Uint8Array(16).fill(16);
    const extra = new Uint8Array(
      await crypto.subtle.encrypt({ name: 'AES-CBC', iv: last }, key, pad),
    ).subarray(0, 16);
    const padded = new Uint8Array(data.length + 16);
    padded.set(data);
    padded.set(extra, data.length);
    const plain = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-CBC', iv }, key, padded));
    return { plain, pkcs7: false };
  }
};

export const decryptLogan = async (
  bytes: Uint8Array,
  options: { key: string; iv: string; source: string; onBlock?: (done: number, total: number) => void },
): Promise<LoganResult> => {
  const iv = keyBytes(options.iv, 'iv');
  const key = await importKey(keyBytes(options.key, 'key'));
  const { blocks, stoppedAt } = splitLoganBlocks(bytes);
  const records: LogRecord[] = [];
  for (const [n, block] of blocks.entries()) {
    if (block.cipher.length % 16 !== 0) {
      return {
        records,
        blocks: n,
        stoppedAt: {
          offset: block.offset,
          reason: said('utils.oplus-log-decrypt.stop.blockSize', {
            block: n + 1,
            length: block.cipher.length,
          }),
        },
      };
    }
    const { plain, pkcs7 } = await decryptBlock(key, iv, block.cipher);
    const format = isGzip(plain) ? 'gzip' : isZlib(plain) ? 'deflate' : null;
    if (!format) {
      // The first block decides: garbage there means the key, not the file.
      if (n === 0) throw new WrongKeyError(said('utils.oplus-log-decrypt.wrongKey'));
      return {
        records,
        blocks: n,
        stoppedAt: {
          offset: block.offset,
          reason: said('utils.oplus-log-decrypt.stop.notGzip', { block: n + 1 }),
        },
      };
    }
    const { bytes: text, complete } = await inflate(plain, format);
    for (const line of splitLines(new TextDecoder().decode(text)))
      records.push(loganRecord(line, options.source));
    options.onBlock?.(n + 1, blocks.length);
    // Without PKCS#7 the zero padding after the gzip data also ends the stream early: not damage.
    if (!complete && pkcs7) {
      return {
        records,
        blocks: n + 1,
        stoppedAt: {
          offset: block.offset,
          reason: said('utils.oplus-log-decrypt.stop.partial', { block: n + 1 }),
        },
      };
    }
  }
  return { records, blocks: blocks.length, stoppedAt };
};

/** Cheap sniff: first non-zero byte starts a block with a plausible length. */
export const looksLikeLogan = (bytes: Uint8Array): boolean => {
  let i = 0;
  while (i < bytes.length && bytes[i] === 0) i++;
  if (bytes[i] !== BLOCK_START || i + 5 > bytes.length) return false;
  const length = new DataView(bytes.buffer, bytes.byteOffset + i + 1, 4).getUint32(0);
  return length > 0 && length % 16 === 0;
};
