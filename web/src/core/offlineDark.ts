import { Moment, momentPageSize } from '@candy/contract/calls/moments';
import { Waifu } from '@candy/contract/calls/waifu';
import { ErrorCode } from '@candy/contract/codes';
import {
  type DarkSeal,
  isDarkSeal,
  openDark,
  openPicture,
  type SealedPicture,
} from '@candy/contract/darkSeal';
import type { PictureInfo } from '@candy/contract/picture';
import * as z from 'zod';
import { t } from '../i18n/i18n.ts';
import type { QueryInput } from './callBody.ts';
import { readFile, refused } from './offlineFiles.ts';
import { storage } from './storage.ts';

/**
 * The dark part of the offline snapshot (issue 46.2), loaded by `offline.ts` on the first read of
 * moments or the gallery: the sealed lists are opened with the visitor's decode key (WebCrypto,
 * one PBKDF2 derivation per export), and each shown picture's sealed small copy becomes a `blob:`
 * URL in place of the origin's address, which the mirrors cannot serve.
 */

export const darkFiles = {
  moments: 'blog/moments/data',
  waifu: 'blog/waifu/data',
  pictures: 'dark/pictures',
  picture: (file: string) => `dark/p/${file}`,
} as const;

/** A sealed list's text; a missing or wrong key is the online 4031 (the page asks for the key). */
const openList = async (path: string, silent: boolean): Promise<string> => {
  const file = (await readFile(path)) as { seal?: DarkSeal };
  const key = storage.get().darkModeDecodeKey;
  const plain = key && isDarkSeal(file.seal) ? await openDark(file.seal, key) : null;
  if (plain === null) throw refused(ErrorCode.darkKeyRequired, t('offline.darkKeyRequired'), silent);
  return plain;
};

/** blob: URLs by sealed file, made once per page life. */
const opened = new Map<string, Promise<string | null>>();

const pictureUrl = (entry: SealedPicture): Promise<string | null> => {
  let url = opened.get(entry.file);
  if (!url) {
    url = (async () => {
      const bytes = await openPicture((await readFile(darkFiles.picture(entry.file))) as string, entry.key);
      return bytes ? URL.createObjectURL(new Blob([bytes], { type: entry.type })) : null;
    })().catch(() => null);
    opened.set(entry.file, url);
  }
  return url;
};

type Swap = (url: string) => Promise<{ url: string; info: PictureInfo | undefined }>;

/** Swaps each sealed picture's address for its unsealed copy (no resized copies offline). */
const pictureSwap = async (silent: boolean): Promise<Swap> => {
  const sealed = JSON.parse(await openList(darkFiles.pictures, silent)) as Record<string, SealedPicture>;
  return async (url) => {
    const entry = sealed[url];
    const local = entry ? await pictureUrl(entry) : null;
    return { url: local ?? url, info: undefined };
  };
};

const withInfo = (info: PictureInfo | undefined, swapped: string, original: string) =>
  info && swapped !== original ? { [swapped]: { ...info, base: null, widths: [], fallback: null } } : {};

export const offlineWaifu = async (silent: boolean): Promise<Waifu[]> => {
  const list = z.array(Waifu).parse(JSON.parse(await openList(darkFiles.waifu, silent)));
  const swap = await pictureSwap(silent);
  return Promise.all(
    list.map(async (item) => {
      const { url } = await swap(item.url);
      return { ...item, url, preview: url, pictures: withInfo(item.pictures?.[item.url], url, item.url) };
    }),
  );
};

/** The opened moments, by the decode key that opened them (a new key opens them afresh). */
let moments: { key: string; list: Promise<Moment[]> } | null = null;

/** The online feed's pages from the sealed list: ten after `start`, searched by keyword. */
export const offlineMoments = async (query: QueryInput | undefined, silent: boolean) => {
  const key = storage.get().darkModeDecodeKey;
  if (moments?.key !== key) {
    const list = openList(darkFiles.moments, silent).then((plain) =>
      z.array(Moment).parse(JSON.parse(plain)),
    );
    moments = { key, list };
  }
  const all = await moments.list.catch((error: unknown) => {
    moments = null;
    throw error;
  });
  const keyword = String(query?.keyword ?? '')
    .trim()
    .toLowerCase();
  const found = keyword ? all.filter((m) => m.content.toLowerCase().includes(keyword)) : all;
  const start = query?.start ? Number(query.start) : null;
  const from = start === null ? 0 : found.findIndex((m) => m.id === start) + 1;
  const page = found.slice(from, from + momentPageSize);
  const swap = await pictureSwap(silent);
  const list = await Promise.all(
    page.map(async (moment) => {
      const images = await Promise.all(
        moment.images.map(async (image) => ({ ...image, url: (await swap(image.url)).url })),
      );
      const pictures = Object.assign(
        {},
        ...moment.images.map((image, i) =>
          withInfo(moment.pictures?.[image.url], images[i]?.url ?? image.url, image.url),
        ),
      ) as Record<string, PictureInfo>;
      return { ...moment, images, pictures };
    }),
  );
  return { list, hasMore: from + page.length < found.length };
};
