import fs from 'node:fs';
import path from 'node:path';
import {
  allLanguages,
  type Language,
  languages,
  pickLanguage,
  sourceLanguage,
} from '@candy/contract/languages';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/**
 * The reader's language for a request (issue 44): `?lang=` (the `hreflang` alternates' addresses),
 * else `Accept-Language`, else the owner's default. No cookie: the specification promises visitors
 * none ("本站不使用 Cookie…"); a visitor's own choice lives in their storage record, and the client
 * switches to it after the first paint (web/src/i18n/choice.ts). Everything answered from it varies
 * on `Accept-Language`.
 */
export const languageOf = (req: FastifyRequest, config: Pick<Config, 'siteLanguages' | 'siteLanguage'>) => {
  const query = /[?&]lang=([^&#]*)/.exec(req.url)?.[1];
  return pickLanguage({
    chosen: query ? decodeURIComponent(query) : null,
    accepted: req.headers['accept-language'],
    offered: config.siteLanguages,
    fallback: config.siteLanguage,
  });
};

/**
 * The caller's language for an API answer (issue 44): a refusal's message, an owner list's labels.
 * `Accept-Language` (the browser's, or the one the web client sends for the visitor's choice:
 * core/request.ts), else Chinese, as before. Not the site's offered list: an API client names its
 * own language.
 */
export const callerLanguage = (req: FastifyRequest): Language =>
  pickLanguage({
    accepted: req.headers['accept-language'],
    offered: allLanguages,
    fallback: sourceLanguage,
  });

export const languageVary = 'accept-language';

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
