import { type Language, pickLanguage } from '@candy/contract/languages';
import type { Messages } from '@lingui/core';
import { runtimeConfig } from '../core/runtimeConfig.ts';
import { storage } from '../core/storage.ts';
import { activateLoaded, currentLanguage, intlTag, provide, switchTo } from './i18n.ts';

/**
 * Which language the page speaks (issue 44). The server picks one for the first byte (`?lang=`,
 * else `Accept-Language`, else the owner's default) and writes that language's public catalogue
 * into the page as data: `<script id="i18n-data" type="application/json">`, never executed, so
 * the first paint costs no script chunk. The visitor's own choice lives only in the storage record
 * (no cookie: the specification promises visitors none), so the client applies it after the start
 * when it differs from the page's (`followChoice`).
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

/**
 * Before the first render: the page's own language when the server rendered it (its catalogue
 * came with it, and hydration must produce the server's markup), else the wanted one.
 */
export const startLanguage = async (): Promise<void> => {
  const language = pageLanguage ?? wantedLanguage();
  if (currentLanguage() !== language || !pageLanguage) await switchTo(language);
  markDocument();
};

/**
 * In place: nothing navigates, the components re-render in `language`, and the scroll is put back
 * after the text has changed length.
 */
const applyInPlace = async (language: Language): Promise<void> => {
  const scrollY = window.scrollY;
  await switchTo(language);
  markDocument();
  requestAnimationFrame(() => window.scrollTo({ top: scrollY, behavior: 'instant' }));
};

/**
 * After hydration (or before a client render): the visitor's stored choice when the page was
 * rendered in another language (their browser says otherwise, a page from a cache). The server
 * cannot know the choice without a cookie, so the page hydrates in its own language first.
 */
export const followChoice = async (): Promise<void> => {
  const language = wantedLanguage();
  if (language !== currentLanguage()) await applyInPlace(language);
};

/** The settings menu's switch: remembered in the storage record, applied in place (route and scroll kept). */
export const chooseLanguage = async (language: Language): Promise<void> => {
  storage.set({ language });
  await applyInPlace(language);
};
