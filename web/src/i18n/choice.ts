import { type Language, languageCookie, pickLanguage } from '@candy/contract/languages';
import type { Messages } from '@lingui/core';
import { runtimeConfig } from '../core/runtimeConfig.ts';
import { storage } from '../core/storage.ts';
import { activateLoaded, currentLanguage, intlTag, provide, switchTo } from './i18n.ts';

/**
 * Which language the page speaks (issue 44). The server picks one for the first byte (the cookie,
 * else `Accept-Language`, else the owner's default) and writes that language's public catalogue
 * into the page as data: `<script id="i18n-data" type="application/json">`, never executed, so
 * the first paint costs no script chunk. The visitor's own choice lives in the storage record and
 * is mirrored to a cookie for the server.
 */
interface PageCatalogue {
  language: Language;
  messages: Messages;
}

const readBlock = (): PageCatalogue | null => {
  if (typeof document === 'undefined') return null;
  const text = document.getElementById('i18n-data')?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PageCatalogue;
  } catch {
    return null;
  }
};

const block = readBlock();
if (block) {
  provide(block.language, 'public', block.messages);
  activateLoaded(block.language);
}

/** The language the server rendered this page in, or null (a static host, a page from a cache). */
export const pageLanguage: Language | null = block?.language ?? null;

/** The visitor's language: their own choice, else the page's, else their browser's. */
export const wantedLanguage = (): Language =>
  pickLanguage({
    chosen: storage.get().language,
    accepted: pageLanguage ?? (typeof navigator === 'undefined' ? '' : navigator.languages.join(',')),
    offered: runtimeConfig.languages,
    fallback: runtimeConfig.language,
  });

const markDocument = () => {
  document.documentElement.lang = intlTag();
};

/** Before the first render: the wanted language's catalogue, unless the page brought it. */
export const startLanguage = async (): Promise<void> => {
  const language = wantedLanguage();
  if (currentLanguage() !== language || !pageLanguage) await switchTo(language);
  markDocument();
};

/**
 * The settings menu's switch: remembered in the storage record, mirrored to a cookie (the server's
 * next page is rendered in it), applied in place. The route and the scroll position stay: nothing
 * navigates, the components re-render in the new language, and the scroll is put back after the
 * text has changed length.
 */
export const chooseLanguage = async (language: Language): Promise<void> => {
  const scrollY = window.scrollY;
  storage.set({ language });
  // biome-ignore lint/suspicious/noDocumentCookie: one preference cookie; the Cookie Store API is not everywhere yet
  document.cookie = `${languageCookie}=${language}; path=/; max-age=31536000; samesite=lax`;
  await switchTo(language);
  markDocument();
  requestAnimationFrame(() => window.scrollTo({ top: scrollY, behavior: 'instant' }));
};
