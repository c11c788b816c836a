import type { Language } from '@candy/contract/languages';
import { serverCatalogues } from '@candy/contract/serverCatalogues';
import { type I18n, setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';

/** One Lingui instance per language, its messages compiled once, when first asked for. */
const instances = new Map<Language, I18n>();

const instanceOf = (language: Language): I18n => {
  let i18n = instances.get(language);
  if (!i18n) {
    const messages = Object.fromEntries(
      Object.entries(serverCatalogues[language]).map(([key, message]) => [key, compileMessage(message)]),
    );
    i18n = setupI18n({ locale: language, messages: { [language]: messages } });
    instances.set(language, i18n);
  }
  return i18n;
};

/** The server's message `key` in `language` (contract/src/i18n/<language>/server.json). */
export const serverText = (language: Language, key: string, values?: Record<string, unknown>): string =>
  instanceOf(language)._(key, values);
