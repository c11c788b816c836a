import { Readable } from 'node:stream';
import { randomName } from '../../http/multipart.ts';
import { UploadTypes } from '../../http/uploads.ts';
import { loadFileType } from '../../lazyModules.ts';
import { bangumiUserAgent } from '../../providers/bangumi/bangumi.ts';
import { ProviderError } from '../../providers/fetchJson.ts';
import { type BlobStorage, publicUrlOf } from '../../storage/index.ts';

/** Largest cover we copy. */
export const coverMaxBytes = 5 * 1024 * 1024;

/**
 * Copies a cover image from its http(s) address into our storage, so the public list never links to
 * another host. Anything but a reachable image of reasonable size is a ProviderError.
 */
export const copyCover = async (
  url: string,
  storage: BlobStorage,
  options: { timeoutMs?: number; fetch?: typeof fetch } = {},
): Promise<string> => {
  const { timeoutMs = 8000, fetch: fetchImpl = fetch } = options;
  let bytes: Buffer;
  try {
    const response = await fetchImpl(url, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { 'user-agent': bangumiUserAgent, accept: 'image/*' },
    });
    if (!response.ok) throw new ProviderError(`cover answered HTTP ${response.status}`);
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > coverMaxBytes) throw new ProviderError('cover too large');
    bytes = Buffer.from(await response.arrayBuffer());
  } catch (error) {
    throw error instanceof ProviderError ? error : new ProviderError('cover unreachable', { cause: error });
  }
  if (bytes.length > coverMaxBytes) throw new ProviderError('cover too large');
  const type = await (await loadFileType()).fileTypeFromBuffer(bytes);
  if (!type || !(UploadTypes.image as readonly string[]).includes(type.mime)) {
    throw new ProviderError('cover is not an image');
  }
  const key = `bangumi/${randomName()}.${type.ext}`;
  await storage.put(key, Readable.from([bytes]), { contentType: type.mime });
  return publicUrlOf(key);
};
