import type { Texts } from '@candy/contract/constants';
import { type Language, languages, sourceLanguage } from '@candy/contract/languages';
import { i18n, type Messages } from '@lingui/core';

/**
 * The interface's words (issue 44): Lingui's runtime (≈ 2 KB gzip) with catalogues compiled at
 * build time (web/catalogues.ts), so plurals and placeholders need no parser in the browser.
 * `t('nav.chaos')` is the message in the active language; keys live in
 * contract/src/i18n/<language>/{public,admin,tools}.json (web/src/i18n/README.md).
 */
/** `tools`: the toolbox's three tools, loaded with a tool's page (not in every page's data block). */
export type Part = 'public' | 'admin' | 'tools';

type Values = Record<string, unknown>;

/** The active language (before anything is loaded: the source language, with no messages). */
export const currentLanguage = (): Language => (i18n.locale || sourceLanguage) as Language;

/** The message `key` in the active language, its placeholders filled (`{count, plural, …}`). */
export const t = (key: string, values?: Values): string => (i18n.locale ? i18n._(key, values) : key);

/** A specification text (`Texts` in the contract) in the active language; the source is Texts itself. */
export const spec = (name: keyof typeof Texts, ...args: (string | number)[]): string =>
  t(`texts.${name}`, args.length ? { ...args } : undefined);

const loaded = new Set<string>();

/** Messages already at hand (the page's data block, the server's render): no import needed. */
export const provide = (language: Language, part: Part, messages: Messages): void => {
  i18n.load(language, messages);
  loaded.add(`${language}/${part}`);
};

/**
 * Each catalogue is a lazy chunk of its own: only the active language's parts are ever fetched,
 * and the back office's words never reach a visitor who does not open it.
 */
const loaders = import.meta.glob<Messages>('../../../contract/src/i18n/*/{public,admin,tools}.json', {
  query: '?catalogue',
  import: 'default',
});

export const loadCatalogue = async (language: Language, part: Part): Promise<void> => {
  if (loaded.has(`${language}/${part}`)) return;
  const load = loaders[`../../../contract/src/i18n/${language}/${part}.json`];
  if (!load) throw new Error(`no ${part} catalogue for ${language}`);
  provide(language, part, await load());
};

/** Parts the app needs in any language it switches to (the admin part once the back office opened). */
const wanted = new Set<Part>(['public']);

/** Loads `part` for the active language and keeps it wanted for any later switch. */
export const needPart = async (part: Part): Promise<void> => {
  wanted.add(part);
  await loadCatalogue(currentLanguage(), part);
};

/** Loads what the app needs in `language`, then makes it the active one (components re-render). */
export const switchTo = async (language: Language): Promise<void> => {
  await Promise.all([...wanted].map((part) => loadCatalogue(language, part)));
  i18n.activate(language);
};

/** Activates a language whose catalogues were provided (a server render, the page's data block). */
export const activateLoaded = (language: Language): void => i18n.activate(language);

export const onLanguageChange = (listener: () => void): (() => void) => i18n.on('change', listener);

/** The BCP 47 tag for `Intl` and `<html lang>`. */
export const intlTag = (language: Language = currentLanguage()): string => languages[language].intl;
