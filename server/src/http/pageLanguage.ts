import fs from 'node:fs';
import path from 'node:path';
import { type Language, languageCookie, languages, pickLanguage } from '@candy/contract/languages';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/** The value of cookie `name` in a `Cookie` header, or null. */
export const cookieOf = (header: string | undefined, name: string): string | null => {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
};

/**
 * The reader's language for a request (issue 44): `?lang=` (the `hreflang` alternates' addresses),
 * else their own choice (the cookie the settings menu writes), else `Accept-Language`, else the
 * owner's default. Everything answered from it varies on `Accept-Language` and `Cookie`.
 */
export const languageOf = (req: FastifyRequest, config: Pick<Config, 'siteLanguages' | 'siteLanguage'>) => {
  const query = /[?&]lang=([^&#]*)/.exec(req.url)?.[1];
  return pickLanguage({
    chosen: query ? decodeURIComponent(query) : cookieOf(req.headers.cookie, languageCookie),
    accepted: req.headers['accept-language'],
    offered: config.siteLanguages,
    fallback: config.siteLanguage,
  });
};

export const languageVary = 'accept-language, cookie';

/** `<html lang>` for a language. */
export const htmlLangOf = (language: Language): string => languages[language].intl;

/**
 * The compiled public catalogues the web build wrote (`web/dist/.i18n/<language>.json`, the same
 * object the browser's chunk holds), read once each, as the page's data block.
 */
export const createPageCatalogues = (webDist: string) => {
  const texts = new Map<Language, string>();
  const textOf = (language: Language): string => {
    let text = texts.get(language);
    if (text === undefined) {
      const file = path.join(webDist, '.i18n', `${language}.json`);
      text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '{}';
      texts.set(language, text);
    }
    return text;
  };
  return {
    /** The messages, for the server render. */
    messagesOf: (language: Language): Record<string, unknown> => JSON.parse(textOf(language)),
    /** `<script id="i18n-data">`: data, never executed (the CSP allows no inline script). */
    blockOf: (language: Language): string =>
      `<script id="i18n-data" type="application/json">{"language":${JSON.stringify(language)},"messages":${textOf(language).replace(/</g, '\\u003c')}}</script>`,
  };
};

export type PageCatalogues = ReturnType<typeof createPageCatalogues>;
