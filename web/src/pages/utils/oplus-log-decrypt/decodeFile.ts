/** Recognises a file and decodes what it honestly can; everything else is named as unknown. */
import { unzipSync } from 'fflate';
import { inflate, isGzip } from './inflate.ts';
import { decryptLogan, KeyFormatError, looksLikeLogan, type Stop, WrongKeyError } from './logan.ts';
import { type LogRecord, splitLines, textRecord } from './records.ts';
import { decodeXlog, looksLikeXlog } from './xlog.ts';

export type LogFormat = 'logan' | 'xlog' | 'text' | 'unknown';

export interface DecodeReport {
  source: string;
  format: LogFormat;
  records: LogRecord[];
  /** What happened, in a sentence for the page. */
  summary: string;
  stoppedAt: Stop | null;
  error: string | null;
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
  summary: '',
  stoppedAt: null,
  error: null,
  ...fields,
});

const UNKNOWN =
  '无法识别的格式：不是 Logan（.dog）、未加密的 Mars xlog、zip 或文本日志。我们不会假装能解密它。';

const decodeOne = async (
  bytes: Uint8Array,
  source: string,
  options: DecodeOptions,
  depth: number,
): Promise<DecodeReport[]> => {
  if (bytes.length === 0) return [report(source, 'unknown', { error: '空文件' })];
  if (isZip(bytes)) {
    if (depth > 1) return [report(source, 'unknown', { error: '嵌套太深的 zip，未展开' })];
    let entries: Record<string, Uint8Array>;
    try {
      entries = unzipSync(bytes);
    } catch {
      return [report(source, 'unknown', { error: 'zip 文件已损坏或使用了不支持的压缩方式' })];
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
    if (!complete) for (const r of reports) r.summary += '（gzip 不完整，只读出了前面的部分）';
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
          summary: `Logan 日志：${r.blocks} 块，${r.records.length} 条记录`,
        }),
      ];
    } catch (error) {
      if (error instanceof WrongKeyError || error instanceof KeyFormatError) {
        return [report(source, 'logan', { error: error.message, summary: 'Logan 日志' })];
      }
      throw error;
    }
  }
  if (looksLikeXlog(bytes)) {
    const r = await decodeXlog(bytes, source, (offset) => options.onProgress?.(offset, bytes.length));
    const skipped = r.encrypted + r.zstd;
    const notes = [
      r.encrypted ? `${r.encrypted} 块用 App 的私钥加密，无法解密` : '',
      r.zstd ? `${r.zstd} 块是 zstd 压缩，浏览器无法解压` : '',
    ].filter(Boolean);
    return [
      report(source, 'xlog', {
        records: r.records,
        stoppedAt: r.stoppedAt,
        summary: `Mars xlog：${r.blocks} 块，${r.records.length} 条记录${notes.length ? `；${notes.join('；')}` : ''}`,
        error:
          skipped === r.blocks && r.blocks > 0
            ? '这个 xlog 文件是加密或 zstd 压缩的，无法在这里解开。'
            : null,
      }),
    ];
  }
  const text = asText(bytes);
  if (text !== null) {
    const records = splitLines(text).map((line) => textRecord(line, source));
    return [report(source, 'text', { records, summary: `文本日志：${records.length} 行` })];
  }
  return [report(source, 'unknown', { error: UNKNOWN })];
};

export const decodeLogFile = (
  bytes: Uint8Array,
  source: string,
  options: DecodeOptions,
): Promise<DecodeReport[]> => decodeOne(bytes, source, options, 0);
