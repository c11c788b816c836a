import { Readable } from 'node:stream';
import { said } from '../i18n/said.ts';
import { loadFileType } from '../lazyModules.ts';
import { unsupportedMediaType } from './errors.ts';

/** What an upload really is, judged by its bytes: the name and the declared type are not trusted. */
export interface SniffedType {
  mime: string;
  /** The extension to store it under, from the content (never from the uploaded name). */
  ext: string;
}

/**
 * Upload kinds the modules accept. SVG is left out on purpose: it is text that can carry script,
 * and file-type cannot recognise it by content anyway.
 */
export const UploadTypes = {
  image: ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif'],
  video: ['video/mp4', 'video/webm', 'video/quicktime', 'video/x-matroska'],
} as const satisfies Record<string, readonly string[]>;

/** An upload rule that takes every kind of file (the owner's own files); compared by identity. */
export const AnyType: readonly string[] = Object.freeze(['*/*']);

const refuse = (allowed: readonly string[]) =>
  unsupportedMediaType(said('error.upload.typeRefused', { allowed: allowed.join(', ') }));

/** Checks the first bytes of an upload (a few KB are enough) against the allowed types; else 4150. */
export const sniffUpload = async (head: Uint8Array, allowed: readonly string[]): Promise<SniffedType> => {
  const type = await (await loadFileType()).fileTypeFromBuffer(head);
  // Any kind of file (the owner's file manager): what the bytes say, or plain bytes.
  if (allowed === AnyType)
    return type ? { mime: type.mime, ext: type.ext } : { mime: 'application/octet-stream', ext: 'bin' };
  if (!type || !allowed.includes(type.mime)) throw refuse(allowed);
  return { mime: type.mime, ext: type.ext };
};

/** Enough bytes for file-type to recognise every format we accept. */
const SNIFF_BYTES = 4100;

/**
 * The streaming form for multipart uploads: reads the first few KB, refuses the upload with 4150
 * when its content is not an allowed type, and otherwise hands back a stream that still yields
 * every byte (the sniffed head first), for the storage to consume.
 */
export const sniffUploadStream = async (
  stream: Readable,
  allowed: readonly string[],
): Promise<{ type: SniffedType; stream: Readable }> => {
  const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  const head: Buffer[] = [];
  let size = 0;
  while (size < SNIFF_BYTES) {
    const next = await chunks.next();
    if (next.done) break;
    const chunk = Buffer.from(next.value);
    head.push(chunk);
    size += chunk.length;
  }
  const headBytes = Buffer.concat(head);
  let type: SniffedType;
  try {
    type = await sniffUpload(headBytes, allowed);
  } catch (error) {
    stream.destroy();
    throw error;
  }
  async function* everything() {
    yield headBytes;
    for (let next = await chunks.next(); !next.done; next = await chunks.next())
      yield Buffer.from(next.value);
  }
  return { type, stream: Readable.from(everything()) };
};
