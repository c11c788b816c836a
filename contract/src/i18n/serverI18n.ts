import { type I18n, setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Language } from '../languages.ts';
import { serverCatalogues } from '../serverCatalogues.ts';

/**
 * One Lingui instance per language over the server's catalogues, its messages compiled once, when
 * first asked for: the server's words (server/src/i18n/serverText.ts) and the contract's tests
 * (sayForTests.ts) render through the same one.
 */
const instances = new Map<Language, I18n>();

export const serverI18n = (language: Language): I18n => {
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
