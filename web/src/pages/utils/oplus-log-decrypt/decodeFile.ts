/** Recognises a file and decodes what it honestly can; everything else is named as unknown. */
import { unzipSync } from 'fflate';
import { type Said, said } from '../shared/said.ts';
import { inflate, isGzip } from './inflate.ts';
import { decryptLogan, KeyFormatError, looksLikeLogan, type Stop, WrongKeyError } from './logan.ts';
import { type LogRecord, splitLines, textRecord } from './records.ts';
import { decodeXlog, looksLikeXlog } from './xlog.ts';

export type LogFormat = 'logan' | 'xlog' | 'text' | 'unknown';

export interface DecodeReport {
  source: string;
  format: LogFormat;
  records: LogRecord[];
  /** What happened, in a sentence for the page to translate (this runs in a worker). */
  summary: Said | null;
  /** A gzip that ended early: only its start was read. */
  partial: boolean;
  stoppedAt: Stop | null;
  error: Said | null;
}

export interface DecodeOptions {
  key: string;
  iv: string;
  onProgress?: (done: number, total: number) => void;
}

const isZip = (b: Uint8Array) => b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/** Valid UTF-8 with no NUL or other binary control bytes in its first kilobytes. */
const asText = (bytes: Uint8Array): string | null => {
  const head = bytes.subarray(0, 8192);
  for (const b of head) if (b < 0x09 || (b > 0x0d && b < 0x20 && b !== 0x1b)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
};

const report = (source: string, format: LogFormat, fields: Partial<DecodeReport>): DecodeReport => ({
  source,
  format,
  records: [],
  summary: null,
  partial: false,
  stoppedAt: null,
  error: null,
  ...fields,
});

const decodeOne = async (
  bytes: Uint8Array,
  source: string,
  options: DecodeOptions,
  depth: number,
): Promise<DecodeReport[]> => {
  if (bytes.length === 0)
    return [report(source, 'unknown', { error: said('utils.oplus-log-decrypt.empty') })];
  if (isZip(bytes)) {
    if (depth > 1) return [report(source, 'unknown', { error: said('utils.oplus-log-decrypt.zipDepth') })];
    let entries: Record<string, Uint8Array>;
    try {
      entries = unzipSync(bytes);
    } catch {
      return [report(source, 'unknown', { error: said('utils.oplus-log-decrypt.zipBroken') })];
    }
    const names = Object.keys(entries).filter((name) => !name.endsWith('/'));
    const reports: DecodeReport[] = [];
    for (const [n, name] of names.entries()) {
      reports.push(
        ...(await decodeOne(
          entries[name]!,
          `${source}/${name}`,
          { key: options.key, iv: options.iv },
          depth + 1,
        )),
      );
      options.onProgress?.(n + 1, names.length);
    }
    return reports;
  }
  if (isGzip(bytes)) {
    const { bytes: inner, complete } = await inflate(bytes, 'gzip');
    const reports = await decodeOne(inner, source.replace(/\.gz$/i, ''), options, depth + 1);
    if (!complete) for (const r of reports) r.partial = true;
    return reports;
  }
  if (looksLikeLogan(bytes)) {
    try {
      const r = await decryptLogan(bytes, {
        key: options.key,
        iv: options.iv,
        source,
        onBlock: options.onProgress,
      });
      return [
        report(source, 'logan', {
          records: r.records,
          stoppedAt: r.stoppedAt,
          summary: said('utils.oplus-log-decrypt.logan', { blocks: r.blocks, records: r.records.length }),
        }),
      ];
    } catch (error) {
      if (error instanceof WrongKeyError || error instanceof KeyFormatError) {
        return [
          report(source, 'logan', { error: error.said, summary: said('utils.oplus-log-decrypt.loganOnly') }),
        ];
      }
      throw error;
    }
  }
  if (looksLikeXlog(bytes)) {
    const r = await decodeXlog(bytes, source, (offset) => options.onProgress?.(offset, bytes.length));
    const skipped = r.encrypted + r.zstd;
    return [
      report(source, 'xlog', {
        records: r.records,
        stoppedAt: r.stoppedAt,
        summary: said('utils.oplus-log-decrypt.xlog', {
          blocks: r.blocks,
          records: r.records.length,
          encrypted: r.encrypted,
          zstd: r.zstd,
        }),
        error: skipped === r.blocks && r.blocks > 0 ? said('utils.oplus-log-decrypt.xlogSealed') : null,
      }),
    ];
  }
  const text = asText(bytes);
  if (text !== null) {
    const records = splitLines(text).map((line) => textRecord(line, source));
    return [
      report(source, 'text', {
        records,
        summary: said('utils.oplus-log-decrypt.text', { lines: records.length }),
      }),
    ];
  }
  return [report(source, 'unknown', { error: said('utils.oplus-log-decrypt.unknown') })];
};

export const decodeLogFile = (
  bytes: Uint8Array,
  source: string,
  options: DecodeOptions,
): Promise<DecodeReport[]> => decodeOne(bytes, source, options, 0);
