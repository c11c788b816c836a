import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { DrawnDemo, DrawnPicture } from '../../db/seed/images.ts';
import type { MadeVariants, VariantFile } from './variants.ts';

/**
 * The demo's pictures and their copies, made once by the build (issue 39) rather than by every
 * fresh install's first start: drawing three camera-sized photographs and making 117 copies of
 * eleven pictures took a first start ≈ 8 s of CPU, the same bytes every time. The build runs the
 * picture child with `--prepare-demo` (scripts/build.mjs); the server reads what it wrote.
 *
 * What is read is what the child would have made: the folder names a fingerprint of the child's
 * bundle (the drawing and the encoder settings are in it) and of sharp's release (which pins
 * libvips), and is ignored when either differs. Copies are found by the original's SHA-256, so
 * only a byte-identical demo picture gets them; anything else goes to the child as before.
 */

interface PreparedPicture {
  group: keyof DrawnDemo;
  name: string;
  width: number;
  height: number;
  /** The original's length: a stored picture of another length is not hashed at all. */
  size: number;
  sha256: string;
  /** The copies as made, their bytes in `copies/<hash>/<name>`. */
  made: PreparedMade;
}

type PreparedMade =
  | (Omit<Extract<MadeVariants, { kind: 'made' }>, 'files'> & { files: Omit<VariantFile, 'body'>[] })
  | Extract<MadeVariants, { kind: 'skip' }>;

interface Manifest {
  fingerprint: string;
  pictures: PreparedPicture[];
}

export interface PreparedDemo {
  /** The demo's pictures as `drawDemo` draws them, or null when one is not what the manifest says. */
  drawn(): DrawnDemo | null;
  /** The copies of a demo picture, or null for any other picture (or one over the pixel limit). */
  copiesOf(original: Buffer, maxPixels: number): MadeVariants | null;
}

/** Beside the server's bundle folder: `server/demo-pictures` for `server/dist/imageVariants.js`. */
export const preparedDemoDir = (entry: string): string =>
  path.join(path.dirname(entry), '..', 'demo-pictures');

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

const readOrNull = (file: string): Buffer | null => {
  try {
    return fs.readFileSync(file);
  } catch {
    return null;
  }
};

/** What the prepared pictures depend on: the child's bundle, sharp's release, the platform. */
export const demoFingerprint = (entry: string): string => {
  const hash = createHash('sha256').update(fs.readFileSync(entry));
  // sharp's package.json is not among its exports: found from its entry, folder by folder.
  let dir = path.dirname(createRequire(entry).resolve('sharp'));
  while (!fs.existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  hash.update(fs.readFileSync(path.join(dir, 'package.json')));
  return hash.update(`${process.platform}-${process.arch}`).digest('hex');
};

/**
 * Writes the demo's pictures and their copies under `dir` (replaced whole, never half-written).
 * `make` is `makeVariants` without a pixel limit (our own pictures; the server applies its limit on reading).
 */
export const writePreparedDemo = async (
  dir: string,
  fingerprint: string,
  drawn: DrawnDemo,
  make: (original: Buffer) => Promise<MadeVariants>,
): Promise<void> => {
  const temporary = `${dir}.tmp-${process.pid}`;
  fs.rmSync(temporary, { recursive: true, force: true });
  const pictures: PreparedPicture[] = [];
  for (const group of ['cards', 'photos'] as const)
    for (const picture of drawn[group]) {
      const body = Buffer.from(picture.body);
      fs.mkdirSync(path.join(temporary, 'originals'), { recursive: true });
      fs.writeFileSync(path.join(temporary, 'originals', picture.name), body);
      const made = await make(body);
      const { name, width, height } = picture;
      const entry = { group, name, width, height, size: body.length, sha256: sha256(body) };
      if (made.kind === 'skip') {
        pictures.push({ ...entry, made });
        continue;
      }
      fs.mkdirSync(path.join(temporary, 'copies', made.hash), { recursive: true });
      for (const file of made.files)
        fs.writeFileSync(path.join(temporary, 'copies', made.hash, file.name), file.body);
      const files = made.files.map(({ name: fileName, mime }) => ({ name: fileName, mime }));
      pictures.push({ ...entry, made: { ...made, files } });
    }
  fs.writeFileSync(
    path.join(temporary, 'manifest.json'),
    JSON.stringify({ fingerprint, pictures } satisfies Manifest),
  );
  const old = `${dir}.old-${process.pid}`;
  if (fs.existsSync(dir)) fs.renameSync(dir, old);
  fs.renameSync(temporary, dir);
  fs.rmSync(old, { recursive: true, force: true });
};

/** The prepared demo in `dir`, or null when there is none or it was made for other code. */
export const readPreparedDemo = (dir: string, fingerprint: string): PreparedDemo | null => {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return null;
  }
  if (manifest.fingerprint !== fingerprint) return null;
  const bySha = new Map(manifest.pictures.map((picture) => [picture.sha256, picture]));
  const sizes = new Set(manifest.pictures.map((picture) => picture.size));
  return {
    drawn() {
      const drawn: DrawnDemo = { cards: [], photos: [] };
      for (const { group, name, width, height, sha256: expected } of manifest.pictures) {
        const body = readOrNull(path.join(dir, 'originals', name));
        // A folder changed by hand is not what the manifest says: the demo is drawn again.
        if (!body || sha256(body) !== expected) return null;
        drawn[group].push({ name, width, height, body } satisfies DrawnPicture);
      }
      return drawn;
    },
    // Keyed by the stored original's own digest: whatever matches is the picture the copies were made of.
    copiesOf(original, maxPixels) {
      // An upload of many megabytes is not hashed on the server's thread for nothing.
      if (!sizes.has(original.length)) return null;
      const picture = bySha.get(sha256(original));
      if (!picture || picture.width * picture.height > maxPixels) return null;
      const { made } = picture;
      if (made.kind === 'skip') return made;
      const files: VariantFile[] = [];
      for (const file of made.files) {
        const body = readOrNull(path.join(dir, 'copies', made.hash, file.name));
        // A copy gone from the folder: the child makes them all again.
        if (!body) return null;
        files.push({ ...file, body });
      }
      return { ...made, files };
    },
  };
};

/**
 * The prepared demo beside the built child `entry` (null when there is none). Read at each call,
 * never kept: a fresh install asks twice (the seed, the first copies' run), and an idle server holds
 * none of it.
 */
export const preparedDemoFor = (entry: string): PreparedDemo | null => {
  try {
    return readPreparedDemo(preparedDemoDir(entry), demoFingerprint(entry));
  } catch {
    // No sharp to name, or no bundle to read: nothing prepared; the child says what is wrong.
    return null;
  }
};
