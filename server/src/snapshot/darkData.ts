import {
  type DarkSeal,
  isDarkSeal,
  newDarkSalt,
  openDark,
  type SealedPicture,
  sealDark,
  sealPicture,
} from '@candy/contract/darkSeal';
import type { PictureInfo } from '@candy/contract/picture';
import { readTreeFile, type Tree } from './tree.ts';

/**
 * The dark part of the snapshot (DESIGN §3, issue 46.2): moments, the waifu gallery and their
 * pictures' small copies, sealed so the public mirrors hold nothing readable without the key.
 *
 * - `blog/moments/data`, `blog/waifu/data`, `dark/pictures`: `{ seal }` of the moments (newest
 *   first, with their pictures' info), of the gallery, and of url → { file, key, type }.
 * - `dark/p/<file>`: one picture's small copy, sealed under the random key that list holds (a JSON
 *   string, as the browser's snapshot reader reads every file as JSON).
 *
 * Unchanged dark data keeps its files' bytes (a fresh seal differs every time and would make a
 * commit of nothing); a change re-seals the three lists under a new salt, and a picture's file is
 * only written once, when it first appears.
 */

export interface DarkSource {
  moments(): Promise<{ images: { url: string }[]; pictures?: Record<string, PictureInfo> }[]>;
  waifu(): Promise<{ url: string; pictures?: Record<string, PictureInfo> }[]>;
  smallCopy(
    url: string,
    info: PictureInfo | undefined,
  ): Promise<{ bytes: Uint8Array<ArrayBuffer>; type: string } | null>;
}

export const darkPaths = {
  moments: 'blog/moments/data',
  waifu: 'blog/waifu/data',
  pictures: 'dark/pictures',
  picture: (file: string) => `dark/p/${file}`,
} as const;

export interface DarkCounts {
  moments: number;
  waifu: number;
  pictures: number;
}

const json = (value: unknown) => `${JSON.stringify(value)}\n`;

/** An old file's plaintext, when it is a seal the key opens. */
const openOld = async (outDir: string, rel: string, darkKey: string): Promise<string | null> => {
  const text = readTreeFile(outDir, rel);
  if (!text) return null;
  try {
    const { seal } = JSON.parse(text) as { seal?: DarkSeal };
    return isDarkSeal(seal) ? await openDark(seal, darkKey) : null;
  } catch {
    return null;
  }
};

const randomFile = (): string => Buffer.from(crypto.getRandomValues(new Uint8Array(12))).toString('hex');

/** The pictures the dark lists show, with what the pipeline knows of each. */
const picturesOf = (
  moments: Awaited<ReturnType<DarkSource['moments']>>,
  waifu: Awaited<ReturnType<DarkSource['waifu']>>,
): Map<string, PictureInfo | undefined> => {
  const all = new Map<string, PictureInfo | undefined>();
  for (const moment of moments)
    for (const image of moment.images) all.set(image.url, moment.pictures?.[image.url]);
  for (const picture of waifu) all.set(picture.url, picture.pictures?.[picture.url]);
  return all;
};

export const addDarkData = async (
  tree: Tree,
  outDir: string,
  source: DarkSource,
  darkKey: string,
): Promise<DarkCounts> => {
  const [moments, waifu] = await Promise.all([source.moments(), source.waifu()]);
  const oldList = await openOld(outDir, darkPaths.pictures, darkKey);
  const oldPictures = oldList ? (JSON.parse(oldList) as Record<string, SealedPicture>) : {};
  const sealed: Record<string, SealedPicture> = {};
  for (const [url, info] of picturesOf(moments, waifu)) {
    const old = oldPictures[url];
    const oldText = old ? readTreeFile(outDir, darkPaths.picture(old.file)) : null;
    if (old && oldText) {
      sealed[url] = old;
      tree.set(darkPaths.picture(old.file), oldText);
      continue;
    }
    const copy = await source.smallCopy(url, info);
    if (!copy) continue;
    const { text, key } = await sealPicture(copy.bytes);
    const file = randomFile();
    sealed[url] = { file, key, type: copy.type };
    tree.set(darkPaths.picture(file), json(text));
  }
  const plain = {
    [darkPaths.moments]: json(moments),
    [darkPaths.waifu]: json(waifu),
    [darkPaths.pictures]: json(sealed),
  };
  const olds = await Promise.all(Object.keys(plain).map((rel) => openOld(outDir, rel, darkKey)));
  const unchanged = Object.values(plain).every((text, i) => olds[i] === text);
  const salt = newDarkSalt();
  for (const [rel, text] of Object.entries(plain))
    tree.set(
      rel,
      unchanged ? (readTreeFile(outDir, rel) as string) : json({ seal: await sealDark(text, darkKey, salt) }),
    );
  return { moments: moments.length, waifu: waifu.length, pictures: Object.keys(sealed).length };
};
