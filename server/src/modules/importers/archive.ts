import { gunzipSync } from 'node:zlib';
import { Unzip, UnzipInflate } from 'fflate';
import type { ReadEntry } from 'tar';
import { type Message, SaidError, said } from '../../i18n/said.ts';
import { loadTar } from '../../lazyModules.ts';

/**
 * The safe extractor (issue 27.5): opens an uploaded zip, tar or tar.gz in memory, never on disk, and
 * refuses — before anything is written anywhere — entries that climb out (`..`, absolute paths), links,
 * too many entries, and archives that inflate past the caps (zip bombs). Sizes an archive declares are
 * checked first and the bytes really produced are counted while inflating, since a bomb may lie.
 */

export interface ArchiveLimits {
  /** Bytes all entries may inflate to together. */
  maxTotalBytes: number;
  maxEntries: number;
  /** Inflated / compressed for one entry; past it the entry is a bomb. */
  maxRatio: number;
}

export const defaultArchiveLimits: ArchiveLimits = {
  maxTotalBytes: 256 * 1024 * 1024,
  maxEntries: 20_000,
  maxRatio: 200,
};

/** Why an archive was refused, in words the owner reads (answered 4000). */
/** Keyed (`said`), answered in the caller's language; `reason` is its Chinese. */
export class ArchiveError extends SaidError {
  constructor(said: Message) {
    super(said);
    this.name = 'ArchiveError';
  }
  get reason(): string {
    return this.message;
  }
}

export type ArchiveKind = 'zip' | 'tar' | 'tar.gz';

/** What the bytes are, by their magic numbers (never by the uploaded name). */
export const archiveKindOf = (bytes: Uint8Array): ArchiveKind | null => {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5)) return 'zip';
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) return 'tar.gz';
  const magic = Buffer.from(bytes.subarray(257, 262)).toString('latin1');
  return magic === 'ustar' ? 'tar' : null;
};

/** A relative path inside the archive, or the reason it is refused. */
export const safeEntryName = (raw: string): string => {
  const name = raw.replace(/\\/g, '/');
  if (name.startsWith('/') || /^[a-z]:/i.test(name))
    throw new ArchiveError(said('error.importers.absolutePath', { path: raw }));
  const parts = name.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.includes('..')) throw new ArchiveError(said('error.importers.escapingPath', { path: raw }));
  if (name.includes('\0')) throw new ArchiveError(said('error.importers.badName', { path: raw }));
  return parts.join('/');
};

const counter = (limits: ArchiveLimits) => {
  let total = 0;
  let entries = 0;
  return {
    entry() {
      entries += 1;
      if (entries > limits.maxEntries)
        throw new ArchiveError(said('error.importers.tooManyEntries', { max: limits.maxEntries }));
    },
    add(bytes: number) {
      total += bytes;
      if (total > limits.maxTotalBytes) {
        throw new ArchiveError(
          said('error.importers.tooLargeUnpacked', { mb: Math.round(limits.maxTotalBytes / 1024 / 1024) }),
        );
      }
    },
  };
};

/** The zip's central directory: names, declared sizes and whether an entry is a Unix link. */
const zipDirectory = (bytes: Uint8Array) => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i -= 1) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new ArchiveError(said('error.importers.zipTruncated'));
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const entries: { name: string; compressed: number; size: number; link: boolean }[] = [];
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) {
      throw new ArchiveError(said('error.importers.zipDirectory'));
    }
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const mode = view.getUint32(at + 38, true) >>> 16;
    entries.push({
      name: Buffer.from(bytes.subarray(at + 46, at + 46 + nameLength)).toString('utf8'),
      compressed: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      link: (mode & 0o170000) === 0o120000,
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
};

const openZip = (bytes: Uint8Array, limits: ArchiveLimits): Map<string, Uint8Array> => {
  const count = counter(limits);
  let declared = 0;
  for (const entry of zipDirectory(bytes)) {
    count.entry();
    safeEntryName(entry.name);
    if (entry.link) throw new ArchiveError(said('error.importers.link', { path: entry.name }));
    declared += entry.size;
    if (declared > limits.maxTotalBytes) throw new ArchiveError(said('error.importers.declaredTooLarge'));
    if (entry.size > Math.max(entry.compressed, 1024) * limits.maxRatio) {
      throw new ArchiveError(said('error.importers.ratio', { path: entry.name }));
    }
  }
  // What each entry may inflate to is what the directory said (and was checked above): a local
  // header may claim more, and the bytes produced may run past both (issue 40.3: a 713 KB zip lying
  // about its sizes took the server to 1.6 GB).
  const declaredSize = new Map(zipDirectory(bytes).map((entry) => [entry.name, entry.size]));
  const files = new Map<string, Uint8Array>();
  let failure: unknown = null;
  const unzip = new Unzip((file) => {
    if (failure) return;
    const name = safeEntryName(file.name);
    const allowed = declaredSize.get(file.name);
    const chunks: Uint8Array[] = [];
    let size = 0;
    file.ondata = (error, chunk, final) => {
      if (failure) return;
      try {
        if (error) throw new ArchiveError(said('error.importers.unzipFailed', { reason: error.message }));
        size += chunk.length;
        if (allowed === undefined)
          throw new ArchiveError(said('error.importers.notInDirectory', { path: file.name }));
        if (size > allowed)
          throw new ArchiveError(said('error.importers.largerThanDeclared', { path: file.name }));
        count.add(chunk.length);
        // The local header may claim other sizes than the directory: the ratio is checked on real bytes.
        if (size > Math.max(file.size ?? 0, 1024) * limits.maxRatio) {
          throw new ArchiveError(said('error.importers.ratio', { path: file.name }));
        }
        chunks.push(chunk);
        if (final && !file.name.endsWith('/')) files.set(name, Buffer.concat(chunks));
      } catch (caught) {
        failure = caught;
        file.terminate();
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    // In slices, so a refusal stops the inflating too (one push would inflate the whole bomb).
    const slice = 16 * 1024;
    for (let at = 0; at < bytes.length && !failure; at += slice)
      unzip.push(bytes.subarray(at, at + slice), at + slice >= bytes.length);
  } catch (error) {
    throw (
      failure ?? new ArchiveError(said('error.importers.unzipFailed', { reason: (error as Error).message }))
    );
  }
  if (failure) throw failure;
  return files;
};

const openTar = async (raw: Uint8Array, gzipped: boolean, limits: ArchiveLimits) => {
  const count = counter(limits);
  let bytes: Uint8Array;
  try {
    // maxOutputLength stops inflating at the cap, so a gzip bomb never fills the memory.
    bytes = gzipped ? gunzipSync(raw, { maxOutputLength: limits.maxTotalBytes + 1024 * 1024 }) : raw;
  } catch (error) {
    throw new ArchiveError(said('error.importers.gunzipFailed', { reason: (error as Error).message }));
  }
  const files = new Map<string, Uint8Array>();
  let failure: unknown = null;
  const { Parser } = await loadTar();
  await new Promise<void>((resolve, reject) => {
    const parser = new Parser({ strict: true });
    parser.on('entry', (entry: ReadEntry) => {
      try {
        if (failure) throw failure;
        count.entry();
        const name = safeEntryName(entry.path);
        if (entry.type !== 'File' && entry.type !== 'OldFile' && entry.type !== 'Directory') {
          throw new ArchiveError(said('error.importers.special', { path: entry.path }));
        }
        count.add(entry.size ?? 0);
        if (entry.type === 'Directory') return entry.resume();
        const chunks: Buffer[] = [];
        entry.on('data', (chunk: Buffer) => chunks.push(chunk));
        entry.on('end', () => files.set(name, Buffer.concat(chunks)));
      } catch (error) {
        failure ??= error;
        entry.resume();
      }
    });
    parser.on('error', reject);
    parser.on('end', () => resolve());
    parser.end(Buffer.from(bytes));
  }).catch((error: unknown) => {
    throw error instanceof ArchiveError
      ? error
      : new ArchiveError(said('error.importers.tarFailed', { reason: (error as Error).message }));
  });
  if (failure) throw failure;
  return files;
};

/** Opens an archive of `kind` into its files (relative, checked names → bytes). */
export const openArchive = async (
  bytes: Uint8Array,
  kind: ArchiveKind,
  limits: ArchiveLimits = defaultArchiveLimits,
): Promise<Map<string, Uint8Array>> =>
  kind === 'zip' ? openZip(bytes, limits) : await openTar(bytes, kind === 'tar.gz', limits);
