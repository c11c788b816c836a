import { type I18n, setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Language } from '../languages.ts';
import type { ContractWords, SchemaMessage } from '../schemaMessages.ts';
import { serverCatalogues } from '../serverCatalogues.ts';

/**
 * The contract's words rendered as the server renders them (its catalogues hold every `schema.*`
 * key), for the contract's own tests; the server (`sayIn`) and the web (`sayContract`) have theirs.
 */
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

const isKeyed = (value: unknown): value is SchemaMessage =>
  typeof value === 'object' && value !== null && typeof (value as SchemaMessage).key === 'string';

export const sayForTests = (language: Language, words: ContractWords): string => {
  if (typeof words === 'string') return words;
  const values = words.values
    ? Object.fromEntries(
        Object.entries(words.values).map(([name, value]) => [
          name,
          isKeyed(value) ? sayForTests(language, value) : value,
        ]),
      )
    : undefined;
  return instanceOf(language)._(words.key, values);
};
