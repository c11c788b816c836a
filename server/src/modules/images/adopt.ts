import { buffer } from 'node:stream/consumers';
import { loadSharp } from '../../lazyModules.ts';
import type { BlobStorage } from '../../storage/index.ts';
import type { ImageRepo } from './repo.ts';

/** A picture another module shows: its `/files/…` URL and, when that module knows it, its size. */
export interface PictureRef {
  url: string;
  width?: number;
  height?: number;
}

/** Where a module's pictures come from: the gallery's rows, moments' pictures, essays' Markdown. */
export type PictureSource = () => Promise<PictureRef[]>;

const mimeOfFormat: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  heif: 'image/avif',
  svg: 'image/svg+xml',
};

const mimeOfName = (key: string): string => {
  const ext = key.split('.').pop()?.toLowerCase() ?? '';
  return mimeOfFormat[ext === 'jpg' ? 'jpeg' : ext] ?? 'application/octet-stream';
};

const keyOfUrl = (url: string): string | null => {
  if (!url.startsWith('/files/')) return null;
  const key = decodeURIComponent(url.slice('/files/'.length).split(/[?#]/)[0] ?? '');
  // The pipeline's own copies are never pictures of their own.
  return key && !key.startsWith('images/v/') ? key : null;
};

/**
 * A stored picture's kind and upright size, read from its header (libvips), or null when the decoder
 * cannot read it.
 */
export const describePicture = async (
  bytes: Buffer,
  maxPixels: number,
): Promise<{ mime: string; width: number; height: number } | null> => {
  const sharp = await loadSharp();
  const meta = await sharp(bytes, { limitInputPixels: maxPixels })
    .metadata()
    .catch(() => null);
  if (!meta?.format || !meta.width || !meta.height) return null;
  const mime =
    (meta.format === 'heif' && meta.compression !== 'av1' ? 'image/heic' : null) ?? mimeOfFormat[meta.format];
  if (!mime) return null;
  // Shown upright: EXIF orientations 5–8 turn the picture a quarter, which swaps its sides.
  const turned = (meta.orientation ?? 1) >= 5;
  return { mime, width: turned ? meta.height : meta.width, height: turned ? meta.width : meta.height };
};

const pictureName = /\.(jpe?g|png|webp|gif|avif)$/i;

/**
 * The pictures stored in folders whose modules register what they store themselves (anime covers
 * under `bangumi/`, video frames and thumbnails under `videos/`): those stored before they did.
 */
export const picturesInFolders =
  (storage: BlobStorage, folders: readonly string[]): PictureSource =>
  async () => {
    const refs: PictureRef[] = [];
    for (const folder of folders)
      for (const blob of await storage.list(folder))
        if (pictureName.test(blob.key)) refs.push({ url: `/files/${blob.key}` });
    return refs;
  };

/**
 * Pictures stored before the pipeline existed (issue 30) have no row in `image`: the gallery's
 * uploads above all. This finds every picture the sources name, keeps those in storage without a
 * row, reads each once for its format and size, and registers it as waiting for its copies. A picture
 * the decoder cannot read is registered too (with the size its module knows), so its failure shows
 * in the back office instead of the picture being passed over in silence.
 */
export const adoptStoredPictures = async (
  deps: { repo: ImageRepo; storage: BlobStorage; maxPixels: number; now: () => number },
  sources: PictureSource[],
): Promise<{ registered: number; missing: number }> => {
  const refs = new Map<string, PictureRef>();
  for (const source of sources)
    for (const ref of await source()) {
      const key = keyOfUrl(ref.url);
      if (key && !refs.has(key)) refs.set(key, ref);
    }
  const known = new Set<string>();
  const keys = [...refs.keys()];
  // In slices: one `IN (…)` list per few hundred keys keeps every database's parameter limit.
  for (let i = 0; i < keys.length; i += 500)
    for (const row of await deps.repo.byKeys(keys.slice(i, i + 500))) known.add(row.key);

  let registered = 0;
  let missing = 0;
  for (const [key, ref] of refs) {
    if (known.has(key)) continue;
    const stream = await deps.storage.get(key);
    if (!stream) {
      missing += 1;
      continue;
    }
    const bytes = await buffer(stream);
    const described = await describePicture(bytes, deps.maxPixels);
    const mime = described?.mime ?? mimeOfName(key);
    const width = described?.width ?? ref.width ?? 0;
    const height = described?.height ?? ref.height ?? 0;
    await deps.repo.register({ key, mime, width, height, size: bytes.length, created_at: deps.now() });
    registered += 1;
  }
  return { registered, missing };
};
