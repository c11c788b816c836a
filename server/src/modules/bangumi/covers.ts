import { Readable } from 'node:stream';
import { randomName } from '../../http/multipart.ts';
import { UploadTypes } from '../../http/uploads.ts';
import { loadFileType } from '../../lazyModules.ts';
import type { Outbound } from '../../net/outbound.ts';
import { ProviderError } from '../../providers/fetchJson.ts';
import { type BlobStorage, publicUrlOf } from '../../storage/index.ts';

/** Largest cover we copy. */
export const coverMaxBytes = 5 * 1024 * 1024;

/**
 * Copies a cover image from its http(s) address into our storage, so the public list never links to
 * another host. The address is the owner's (or a token's) to choose, so it goes through the outbound
 * module's checks (DESIGN §11). Anything but a reachable image of reasonable size is a ProviderError.
 */
export const copyCover = async (
  url: string,
  storage: BlobStorage,
  outbound: Outbound,
  timeoutMs = 8000,
): Promise<string> => {
  let bytes: Buffer;
  try {
    const response = await outbound.fetch(url, {
      headers: { accept: 'image/*' },
      timeoutMs,
      maxBytes: coverMaxBytes,
    });
    if (response.status < 200 || response.status >= 300)
      throw new ProviderError(`cover answered HTTP ${response.status}`);
    bytes = response.body;
  } catch (error) {
    throw error instanceof ProviderError ? error : new ProviderError('cover unreachable', { cause: error });
  }
  const type = await (await loadFileType()).fileTypeFromBuffer(bytes);
  if (!type || !(UploadTypes.image as readonly string[]).includes(type.mime)) {
    throw new ProviderError('cover is not an image');
  }
  const key = `bangumi/${randomName()}.${type.ext}`;
  await storage.put(key, Readable.from([bytes]), { contentType: type.mime });
  return publicUrlOf(key);
};
